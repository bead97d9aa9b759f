/**
 * Text as a picker compares it: lower case, and every accented letter as its plain one (å, ä → a;
 * ö → o; é → e; ü → u ...), so "sjoberg", "Sjöb" and "SJÖBERG" all find Sjöberg, and "Sjöb"
 * finds a Sjoberg typed without the ö. People type names without å, ä and ö; the service's own
 * search compares letters as they are, so the folding happens here.
 */
export function folded(text: string): string {
	return text
		.normalize('NFD')
		.replace(/\p{M}/gu, '')
		.replace(/[øØ]/g, 'o')
		.replace(/[æÆ]/g, 'ae')
		.toLowerCase();
}

/** How well a name answers typed text (both folded): 100 the whole name, 80 the start of it or of one of its words, 60 within it, 0 not at all. */
export function matchScore(name: string, text: string): number {
	if (!text || !name.includes(text)) return 0;
	if (name === text) return 100;
	return name.startsWith(text) || name.includes(` ${text}`) ? 80 : 60;
}
