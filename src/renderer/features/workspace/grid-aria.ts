/**
 * RevoGrid leaves two gaps in its ARIA structure that axe-core reports as critical: the
 * header's row of column headers has no role="row" (so each columnheader lacks its row, and
 * the grid lacks row children). This fills them in as the grid renders, for the rows it
 * creates while scrolling too. Remove it when the library's markup has the roles itself.
 */
export function repairGridAria(root: HTMLElement): () => void {
  const repair = () => {
    for (const row of root.querySelectorAll<HTMLElement>('.header-rgRow, .group-rgRow')) {
      const wanted = row.querySelector('[role="columnheader"]') ? 'row' : 'presentation';
      if (row.getAttribute('role') !== wanted) row.setAttribute('role', wanted);
    }
  };
  repair();
  const observer = new MutationObserver(repair);
  observer.observe(root, { childList: true, subtree: true });
  return () => observer.disconnect();
}
