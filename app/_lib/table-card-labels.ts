// On a phone every table of the signed-in pages is shown as a list of cards (globals.css: "tables
// as cards"); each cell then names its column through `data-label`, copied here from the table's
// own header so the column names stay written once, in the table.

/** A header cell's visible name: decorations for sighted users only (sort arrows, short forms) left out, the unit in brackets. */
function headerName(th: Element): string {
  const copy = th.cloneNode(true) as Element;
  for (const hidden of copy.querySelectorAll('[aria-hidden="true"]')) hidden.remove();
  const unit = copy.querySelector('.unit');
  const unitText = unit?.textContent?.trim();
  unit?.remove();
  const name = (copy.textContent ?? '').replace(/\s+/g, ' ').trim();
  return unitText ? `${name} (${unitText})` : name;
}

/** Sets `data-label` on every body cell of `table` from the header cell above it. */
export function labelTableCells(table: HTMLTableElement): void {
  const headerRow = table.tHead?.rows[0];
  if (!headerRow) return;
  const names: string[] = [];
  for (const th of headerRow.cells) for (let span = 0; span < th.colSpan; span++) names.push(headerName(th));
  for (const body of table.tBodies)
    for (const row of body.rows) {
      let column = 0;
      for (const cell of row.cells) {
        const name = names[column] ?? '';
        if (cell.getAttribute('data-label') !== name) cell.setAttribute('data-label', name);
        column += cell.colSpan;
      }
    }
}
