import { describe, expect, it } from 'vitest';
import {
  PUBLISH_FILTER_OPTIONS, authorityLabel, centsToDollars, displayOrderName, dollarsToCents, formatUsd,
  loginBody, publishStatusOf, signupBody, MSG,
} from '../src/index';

describe('money', () => {
  it('converts between cents and dollars without float drift', () => {
    expect(dollarsToCents(19.99)).toBe(1999);
    expect(dollarsToCents(0.1 + 0.2)).toBe(30);
    expect(centsToDollars(123456)).toBe(1234.56);
  });
  it('shows US dollars with thousands separators', () => {
    expect(formatUsd(1234.5)).toBe('$1,234.50');
  });
});

describe('display rules', () => {
  it('shows an empty order name as ____', () => {
    expect(displayOrderName('')).toBe('____');
    expect(displayOrderName('#1001')).toBe('#1001');
  });
  it('shows authorities with spaces for underscores', () => {
    expect(authorityLabel('customer_support')).toBe('customer support');
  });
  it('leaves Filled price out of the publish filter', () => {
    expect(PUBLISH_FILTER_OPTIONS.map((s) => s.name)).not.toContain('Filled price');
    expect(publishStatusOf(2)).toMatchObject({ name: 'Ask price', color: 'danger' });
  });
});

describe('account schemas', () => {
  it('lower-cases and trims e-mails', () => {
    expect(loginBody.parse({ email: ' A@B.CO ', password: 'x' }).email).toBe('a@b.co');
  });
  it('keeps names 2 to 60 and passwords 6 to 128', () => {
    const ok = { name: 'Al', email: 'a@b.co', password: '123456', confirmPassword: '123456' };
    expect(signupBody.safeParse(ok).success).toBe(true);
    expect(signupBody.safeParse({ ...ok, name: 'A' }).success).toBe(false);
    expect(signupBody.safeParse({ ...ok, name: 'A'.repeat(61) }).success).toBe(false);
    expect(signupBody.safeParse({ ...ok, password: '12345', confirmPassword: '12345' }).success).toBe(false);
    expect(signupBody.safeParse({ ...ok, password: 'x'.repeat(129), confirmPassword: 'x'.repeat(129) }).success).toBe(false);
  });
  it("says 'Your confirm password not match!' on mismatch", () => {
    const r = signupBody.safeParse({ name: 'Al', email: 'a@b.co', password: '123456', confirmPassword: '1234567' });
    expect(r.success).toBe(false);
    expect(r.error!.issues[0]!.message).toBe(MSG.confirmNotMatch);
  });
});
