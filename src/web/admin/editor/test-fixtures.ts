/**
 * The products the rich-text editor's product-card dialog finds in tests, in the shape the admin
 * product search answers with. The editor's tests and the content editors' tests (blog) embed them.
 */
const summary = (id: string, name: string, slug: string, price: number) => ({
  id,
  name,
  slug,
  price,
  price_max: price,
  images: [],
  is_active: true,
});

export const ARDUINO_UNO = summary('p1', 'Arduino Uno R4', 'arduino-uno-r4', 27.5);
export const SOLDERING_IRON = summary('p2', 'Soldering iron', 'soldering-iron', 19);
