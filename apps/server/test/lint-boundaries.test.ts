import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, it } from 'vitest';
import { RuleTester, type Rule } from 'eslint';
import tseslint from 'typescript-eslint';

// The rule lives inline in eslint.config.js; a computed path keeps tsc from typing the JS file.
const configUrl = pathToFileURL(path.resolve(__dirname, '../../../eslint.config.js')).href;
const { boundariesPlugin } = (await import(configUrl)) as { boundariesPlugin: { rules: Record<string, Rule.RuleModule> } };
const rule = boundariesPlugin.rules['module-boundaries'];

RuleTester.describe = describe;
RuleTester.it = it;
const tester = new RuleTester({ languageOptions: { parser: tseslint.parser, sourceType: 'module' } });

const server = '/repo/apps/server/src';
const web = '/repo/apps/web/src';
const ok = (filename: string, code: string) => ({ filename, code });
const bad = (filename: string, code: string, messageId: string) => ({ filename, code, errors: [{ messageId }] });

tester.run('module-boundaries', rule, {
  valid: [
    ok(`${server}/modules/sellers/sellers.service.ts`, "import { writeAudit } from '../audit';"),
    ok(`${server}/modules/sellers/sellers.service.ts`, "import { writeAudit } from '../audit/index';"),
    ok(`${server}/modules/sellers/sellers.service.ts`, "import type { Db } from '../../db/client';"),
    ok(`${server}/modules/sellers/sellers.service.ts`, "import * as repo from './sellers.repo';"),
    ok(`${server}/modules/sellers/sellers.service.ts`, "import { MSG } from '@fbo/shared/messages';"),
    ok(`${server}/app.ts`, "import { sellerTeamRoutes } from './modules/sellers/sellers.routes';"),
    ok(`${server}/db/seed.ts`, "import { hashPassword } from '../modules/credentials/passwords';"),
    ok('/repo/apps/server/test/sellers.test.ts', "import { x } from '../src/modules/sellers/sellers.routes';"),
    ok(`${web}/features/orders/OrdersPage.tsx`, "import { OrderStatusTag } from '../../entities/order';"),
    ok(`${web}/features/orders/OrdersPage.tsx`, "import { useSession } from '../session/index.tsx';"),
    ok(`${web}/entities/order/StatusTag.tsx`, "import { money } from '../catalog';"),
    ok(`${web}/app/pages.ts`, "const page = () => import('../features/orders/OrdersPage');"),
  ],
  invalid: [
    bad(`${server}/modules/sellers/sellers.service.ts`, "import { writeAudit } from '../audit/audit.repo';", 'face'),
    bad(`${server}/modules/sellers/sellers.service.ts`, "export { writeAudit } from '../audit/audit-log';", 'face'),
    bad(`${server}/modules/sellers/sellers.service.ts`, "const m = await import('../jobs/job-files');", 'face'),
    bad(`${server}/modules/sellers/sellers.routes.ts`, "import { requestMeta } from '../auth/auth.routes';", 'routes'),
    bad(`${server}/modules/profits/profits.routes.ts`, "import { x } from './profit-records.routes';", 'routes'),
    bad(`${server}/db/seed.ts`, "import { x } from '../modules/jobs/jobs.routes';", 'routes'),
    bad(`${web}/features/orders/OrdersPage.tsx`, "import { x } from '../refunds/RefundDialog';", 'face'),
    bad(`${web}/entities/order/StatusTag.tsx`, "import { x } from '../catalog/CatalogImage';", 'face'),
    bad(`${web}/entities/order/StatusTag.tsx`, "import { x } from '../../features/orders';", 'forbidden'),
  ],
});
