// Shapes of the DOM helpers (ui.js).

/** What h() and fill() take as children: nodes, text, and lists of them; null, undefined and false are skipped. */
export type Child = Node | string | number | boolean | null | undefined | readonly Child[];

/** h()'s attributes: class, dataset, on<Event> listeners, booleans (true: present, false: absent), other values as text. */
export type Attributes = Record<string, unknown> & { class?: string | null; dataset?: Record<string, string> };

/** The vehicle fields' labels, in the page's language. */
export type FactLabels = Partial<Record<'vin' | 'body' | 'colour' | 'odometer', string>>;
