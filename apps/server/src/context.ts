import type { Db } from './db/client';
import type { Mailer } from './mail/mailer';
import type { TokenService } from './plugins/auth';
import type { JobQueue } from './jobs/queue';
import type { SecretBox } from './lib/secret-box';

/** What services need from the running app; passed explicitly so tests can build their own. */
export interface AppContext {
  db: Db;
  mailer: Mailer;
  tokens: TokenService;
  /** Background jobs (imports, exports, mail retries). */
  jobs: JobQueue;
  /** A signed, short-lived address to download a job file just made (a synchronous export). */
  downloadUrl(fileId: string): string;
  /**
   * The same for a file kept since `keptSince` (its job's end; null: the job has not ended), or null
   * once that is past the retention: the file is deleted a link's life later (job-retention.ts).
   */
  keptFileUrl(fileId: string, keptSince: Date | null): string | null;
  /**
   * PUBLIC_URL, the base of every link that leaves the server (the /cms/ path is added); unset only in
   * development. Links are built by lib/public-links.ts, never from a request header.
   */
  publicUrl?: string;
  /** Seals and opens credentials at rest (store tokens): lib/secret-box.ts. */
  secrets: SecretBox;
  /** The store platforms this deployment talks to (docs/stores.md). */
  platforms: PlatformSettings;
}

export interface PlatformSettings {
  /** The deployment's Shopify app; absent: Shopify cannot be connected. */
  shopify?: { apiKey: string; apiSecret: string; scopes: string };
  /** The deployment's Etsy app (its keystring and shared secret); absent: Etsy cannot be connected. */
  etsy?: { apiKey: string; sharedSecret: string };
  /**
   * Tests and local trials (never in production): Shopify calls go to the local fake at this address, and a
   * WooCommerce store URL may be a local http address (the fake's).
   */
  fakesUrl?: string;
  /** Tests and local trials (never in production): Etsy's API, connect page and token endpoint are the local fake's. */
  etsyFakeUrl?: string;
}
