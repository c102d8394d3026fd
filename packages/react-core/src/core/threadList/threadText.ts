/** Text folded for matching: lower case, accents dropped ("Café" matches "cafe"). */
export function foldText(text: string): string {
  return text.normalize("NFD").replace(/\p{M}/gu, "").toLowerCase();
}
