import type { CustomerItem } from '@fbo/shared';

/** The name a customer is shown by: its name, else its e-mail or phone (an order may carry only those). */
export const customerName = (c: Pick<CustomerItem, 'fullName' | 'email' | 'phone'>) => c.fullName || c.email || c.phone || 'Unnamed customer';
