/** A table's header row: one column heading cell for each of `headings`. */
export function HeadingRow({
  headings,
  className,
  cellClassName,
}: {
  headings: readonly string[];
  className?: string;
  cellClassName: string;
}) {
  return (
    <tr className={className}>
      {headings.map((h) => (
        <th key={h} scope="col" className={cellClassName}>
          {h}
        </th>
      ))}
    </tr>
  );
}
