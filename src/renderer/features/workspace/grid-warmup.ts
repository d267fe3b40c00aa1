/**
 * The grid's custom elements fetch their code the first time one is shown. One shown while
 * the app is idle, out of sight and with a single empty cell, fetches it ahead: a sheet just
 * read is then painted at once instead of after that code's round trips, one part after
 * another.
 */
export function warmGridWhenIdle(): void {
  const idle = window.requestIdleCallback ?? ((run: () => void) => window.setTimeout(run, 500));
  idle(() => {
    const grid = document.createElement('revo-grid') as HTMLElement & { columns: unknown; source: unknown; componentOnReady?: () => Promise<unknown> };
    grid.setAttribute('aria-hidden', 'true');
    grid.setAttribute('inert', '');
    Object.assign(grid.style, { position: 'fixed', left: '-10000px', top: '0', width: '120px', height: '80px', visibility: 'hidden' });
    grid.columns = [{ prop: 'cell' }];
    grid.source = [{ cell: '' }];
    document.body.append(grid);
    // Its parts are asked for while it renders; the requests go on after it is removed.
    const ready = grid.componentOnReady?.() ?? Promise.resolve();
    void ready.then(() => window.setTimeout(() => grid.remove(), 0), () => grid.remove());
  });
}
