/** Request and answer schemas: being written (issue 17, docs/warehouses.md). */
import { z } from 'zod';
void z;
