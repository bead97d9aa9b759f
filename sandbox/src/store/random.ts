/**
 * Seeded pseudo-random numbers (mulberry32): the seed data and the demo activity must be
 * the same on every run with the same seed, so Math.random is never used.
 */
export class Random {
	private state: number;

	constructor(seed: number) {
		this.state = seed >>> 0 || 0x9e3779b9;
	}

	/** A float in [0, 1). */
	next(): number {
		this.state = (this.state + 0x6d2b79f5) >>> 0;
		let t = this.state;
		t = Math.imul(t ^ (t >>> 15), t | 1);
		t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
		return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
	}

	/** An integer in [min, max], both inclusive. */
	int(min: number, max: number): number {
		return min + Math.floor(this.next() * (max - min + 1));
	}

	pick<T>(items: readonly T[]): T {
		return items[Math.floor(this.next() * items.length)];
	}

	chance(probability: number): boolean {
		return this.next() < probability;
	}

	/** Picks by weight; weights need not sum to 1. */
	weighted<T>(items: readonly (readonly [T, number])[]): T {
		const total = items.reduce((sum, [, w]) => sum + w, 0);
		let roll = this.next() * total;
		for (const [item, weight] of items) {
			roll -= weight;
			if (roll < 0) return item;
		}
		return items[items.length - 1][0];
	}

	digits(count: number): string {
		let out = '';
		for (let i = 0; i < count; i++) out += String(this.int(0, 9));
		return out;
	}
}
