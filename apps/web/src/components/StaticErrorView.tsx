import { MSG } from '@fbo/shared/domain/messages';

/**
 * The error page in plain markup, for where neither the router nor antd can be trusted
 * (a crashing provider, a failing /error route). Kept tiny: it ships in the entry chunk.
 */
export function StaticErrorView() {
  return (
    <main style={{ display: 'grid', placeItems: 'center', minHeight: '100vh', fontFamily: 'system-ui, sans-serif' }}>
      <div style={{ textAlign: 'center', color: '#303133' }}>
        <h1 style={{ fontSize: 24 }}>{MSG.serverError}</h1>
        <a href="/cms/">Back Home</a>
      </div>
    </main>
  );
}
