// Names in the export come from files and from Strava, i.e. from other people. A cell
// that a spreadsheet program would read as a formula (=, +, -, @, tab or CR first) is written with
// a leading apostrophe, as OWASP's CSV-injection advice and the programs themselves expect. A
// plain negative number stays a number.
const FORMULA_START = /^(?!-\d+(\.\d+)?$)[=+\-@\t\r]/;

/** Papa.unparse options of every CSV in the account export. */
export const EXPORT_CSV_OPTIONS = { newline: '\n', escapeFormulae: FORMULA_START } as const;
