/**
 * WAL segment names from `first` to `last` included. A name is the timeline (8 hex digits), then
 * the segment number split in two: the "log" (high part) and the segment within it, of which there
 * are 4 GiB / segment size.
 */
export function walSegmentsBetween(first: string, last: string, segmentBytes: number): string[] {
  const perLog = 0x1_0000_0000 / segmentBytes;
  const parse = (name: string) => {
    if (!/^[0-9A-F]{24}$/.test(name)) throw new Error(`Nom de segment WAL inattendu : ${name}`);
    return {
      timeline: name.slice(0, 8),
      number: Number.parseInt(name.slice(8, 16), 16) * perLog + Number.parseInt(name.slice(16), 16),
    };
  };
  const from = parse(first);
  const to = parse(last);
  if (from.timeline !== to.timeline || to.number < from.number) {
    throw new Error(`Segments WAL incohérents : de ${first} à ${last}.`);
  }
  const hex = (value: number) => value.toString(16).toUpperCase().padStart(8, '0');
  const names: string[] = [];
  for (let number = from.number; number <= to.number; number += 1) {
    names.push(`${from.timeline}${hex(Math.floor(number / perLog))}${hex(number % perLog)}`);
  }
  return names;
}
