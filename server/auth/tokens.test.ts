import { SignJWT, UnsecuredJWT } from 'jose';
import { beforeEach, describe, expect, it } from 'vitest';
import { useTestEnv } from '../testing/test-env';
import { signAccessToken, signRefreshToken, verifyAccessToken, verifyRefreshToken } from './tokens';

const SESSION = '2b1c1c8e-6a56-4b8e-9a43-3f7b8a2f1d10';
const FAMILY = '6f1d2d55-2b4e-4d1f-8a7c-0a1b2c3d4e5f';
let secret: Uint8Array;

beforeEach(() => {
  secret = new TextEncoder().encode(useTestEnv().SECRET_KEY);
});

const access = () => signAccessToken({ userId: 7, sessionId: SESSION, scopes: ['profile'] });
const refresh = () => signRefreshToken({ userId: 7, sessionId: SESSION, familyId: FAMILY, jti: '0f1e2d3c-4b5a-4968-8776-655443322110' });

function claims(extra: Record<string, unknown> = {}) {
  const now = Math.floor(Date.now() / 1000);
  return { sub: '7', sid: SESSION, scope: ['profile'], typ: 'access', jti: 'j', iat: now, nbf: now, exp: now + 900, iss: 'stride', aud: 'stride', ...extra };
}

describe('JWTs: CONTRACT claims and verification that refuses every attack', () => {
  it('an access token carries sub, sid, scope, typ, jti, iat, nbf, exp, iss, aud and lives 900 s', async () => {
    const verified = await verifyAccessToken(await access());
    expect(verified).toMatchObject({ sub: '7', sid: SESSION, scope: ['profile'], typ: 'access' });
    const payload = JSON.parse(Buffer.from((await access()).split('.')[1]!, 'base64url').toString());
    expect(payload.exp - payload.iat).toBe(900);
    expect(payload).toMatchObject({ iss: 'stride', aud: 'stride' });
  });

  it('a refresh token carries typ refresh and the family as fam', async () => {
    expect(await verifyRefreshToken(await refresh())).toMatchObject({ typ: 'refresh', fam: FAMILY, sid: SESSION });
  });

  it('refuses a refresh token used as an access token, and the reverse', async () => {
    await expect(verifyAccessToken(await refresh())).rejects.toMatchObject({ kind: 'unauthorized' });
    await expect(verifyRefreshToken(await access())).rejects.toMatchObject({ kind: 'unauthorized' });
  });

  it('refuses alg: none', async () => {
    const unsigned = new UnsecuredJWT(claims()).encode();
    await expect(verifyAccessToken(unsigned)).rejects.toMatchObject({ kind: 'unauthorized' });
  });

  it('refuses another HMAC algorithm with the right key (algorithm pinned)', async () => {
    const hs512 = await new SignJWT(claims()).setProtectedHeader({ alg: 'HS512' }).sign(secret);
    await expect(verifyAccessToken(hs512)).rejects.toMatchObject({ kind: 'unauthorized' });
  });

  it('refuses a tampered signature and a tampered payload', async () => {
    const token = await access();
    const [h, p, s] = token.split('.');
    const flipped = s!.slice(0, -2) + (s!.endsWith('AA') ? 'BB' : 'AA');
    await expect(verifyAccessToken(`${h}.${p}.${flipped}`)).rejects.toMatchObject({ kind: 'unauthorized' });
    const forged = Buffer.from(JSON.stringify(claims({ sub: '1' }))).toString('base64url');
    await expect(verifyAccessToken(`${h}.${forged}.${s}`)).rejects.toMatchObject({ kind: 'unauthorized' });
  });

  it('refuses an expired token with code token_expired, and a not-yet-valid one', async () => {
    const past = Math.floor(Date.now() / 1000) - 3600;
    const expired = await new SignJWT(claims({ iat: past, nbf: past, exp: past + 60 })).setProtectedHeader({ alg: 'HS256' }).sign(secret);
    await expect(verifyAccessToken(expired)).rejects.toMatchObject({ kind: 'unauthorized', code: 'token_expired' });
    const future = Math.floor(Date.now() / 1000) + 3600;
    const early = await new SignJWT(claims({ nbf: future, exp: future + 60 })).setProtectedHeader({ alg: 'HS256' }).sign(secret);
    await expect(verifyAccessToken(early)).rejects.toMatchObject({ kind: 'unauthorized' });
  });

  it('a token verified once is still refused once it expires, and under another key', async () => {
    const now = Math.floor(Date.now() / 1000);
    const shortLived = await new SignJWT(claims({ iat: now, nbf: now, exp: now + 2 })).setProtectedHeader({ alg: 'HS256' }).sign(secret);
    await expect(verifyAccessToken(shortLived)).resolves.toMatchObject({ sid: SESSION });
    await new Promise((resolve) => setTimeout(resolve, (now + 2) * 1000 - Date.now() + 50));
    await expect(verifyAccessToken(shortLived)).rejects.toMatchObject({ kind: 'unauthorized', code: 'token_expired' });

    const token = await access();
    await expect(verifyAccessToken(token)).resolves.toMatchObject({ sid: SESSION });
    useTestEnv({ SECRET_KEY: 'another-secret-key-0123456789abcdef' });
    await expect(verifyAccessToken(token)).rejects.toMatchObject({ kind: 'unauthorized' });
  });

  it('refuses a token without exp, of another issuer, or signed with another key', async () => {
    const noExp = claims();
    delete (noExp as Record<string, unknown>).exp;
    await expect(verifyAccessToken(await new SignJWT(noExp).setProtectedHeader({ alg: 'HS256' }).sign(secret))).rejects.toMatchObject({ kind: 'unauthorized' });
    await expect(verifyAccessToken(await new SignJWT(claims({ iss: 'evil' })).setProtectedHeader({ alg: 'HS256' }).sign(secret))).rejects.toMatchObject({
      kind: 'unauthorized',
    });
    const other = new TextEncoder().encode('another-secret-key-0123456789abcdef');
    await expect(verifyAccessToken(await new SignJWT(claims()).setProtectedHeader({ alg: 'HS256' }).sign(other))).rejects.toMatchObject({
      kind: 'unauthorized',
    });
  });

  it('refuses garbage', async () => {
    for (const junk of ['', 'a.b.c', 'not-a-jwt', '....', 'eyJhbGciOiJIUzI1NiJ9.e30.']) {
      await expect(verifyAccessToken(junk)).rejects.toMatchObject({ kind: 'unauthorized' });
    }
  });
});
