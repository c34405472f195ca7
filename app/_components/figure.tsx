/** One labelled figure of a summary list (`<dl>`): activity figures and list totals. */
export function Figure({ label, value }: { label: string; value: string }) {
  return (
    <div className="figure">
      <dt className="label">{label}</dt>
      <dd className="value" style={{ margin: 0 }}>
        {value}
      </dd>
    </div>
  );
}
