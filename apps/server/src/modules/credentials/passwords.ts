import { hash } from '@node-rs/argon2';

/** OWASP's argon2id parameters (m=19 MiB, t=2, p=1). */
const ARGON = { memoryCost: 19456, timeCost: 2, parallelism: 1 } as const;
export const hashPassword = (password: string) => hash(password, ARGON);
