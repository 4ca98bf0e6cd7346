/**
 * An open live-push stream stops when its session does (issue 25 item 8): on logout, and when the
 * session is revoked elsewhere (an administrator, a password change), not at its 10-minute end.
 */
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { sessions } from '../../db/schema/index.ts';
import { createCompany, createUser, type TestUser, useHarness } from '../../testing/harness.ts';

const h = useHarness();
let base: string;
let companyId: number;

beforeAll(async () => {
  const company = await createCompany(h.database);
  companyId = company.id;
  await h.app.listen({ port: 0, host: '127.0.0.1' });
  const address = h.app.server.address();
  if (!address || typeof address === 'string') throw new Error('not listening');
  base = `http://127.0.0.1:${address.port}`;
});

/** Opens the stream; `ready` once it listens, `ended` when the server closes it. */
async function openStream(user: TestUser) {
  const res = await fetch(`${base}/api/${companyId}/rentloopdb/notifications/stream`, {
    headers: user.headers,
  });
  expect(res.status).toBe(200);
  const reader = (res.body as ReadableStream<Uint8Array>).getReader();
  const decoder = new TextDecoder();
  let text = '';
  while (!text.includes('event: ready')) {
    const { value, done } = await reader.read();
    if (done) throw new Error('ended before ready');
    text += decoder.decode(value, { stream: true });
  }
  const ended = (async () => {
    for (;;) {
      const { done } = await reader.read();
      if (done) return true;
    }
  })();
  return { ended };
}

const within = <T>(p: Promise<T>, ms: number) =>
  Promise.race([p, new Promise<'still open'>((resolve) => setTimeout(() => resolve('still open'), ms))]);

describe('an open notification stream', () => {
  it('is closed by a logout of its session', async () => {
    const user = await createUser(h, { company: { id: companyId }, role: 'user' });
    const listeners = h.app.deps.notifications!.listeners();
    const stream = await openStream(user);
    const out = await fetch(`${base}/api/auth/logout`, { method: 'POST', headers: user.headers });
    expect(out.status).toBeLessThan(300);
    expect(await within(stream.ended, 5_000)).toBe(true);
    await expect.poll(() => h.app.deps.notifications!.listeners()).toBe(listeners);
  });

  it('is closed when its session is revoked elsewhere, and another session’s stream stays open', async () => {
    const user = await createUser(h, { company: { id: companyId }, role: 'user' });
    const colleague = await createUser(h, { company: { id: companyId }, role: 'user' });
    const stream = await openStream(user);
    const other = await openStream(colleague);
    await h.database.primary
      .update(sessions)
      .set({ revoked_at: new Date().toISOString() })
      .where(eq(sessions.user_id, user.id));
    expect(await within(stream.ended, 5_000)).toBe(true);
    expect(await within(other.ended, 500)).toBe('still open');
  });
});
