// Strava's export names an activity's gear `<brand> <model> <nickname>`; the archive importer
// matches that form as well as the bare nickname (spec: Bulk export archive import), so our exporter writes it and
// the importer compares against it: one function for both sides keeps them consistent.
export function gearFullName(gear: { nickname: string; brand: string | null; model: string | null }): string {
  return [gear.brand, gear.model, gear.nickname]
    .map((part) => part?.trim())
    .filter(Boolean)
    .join(' ');
}
