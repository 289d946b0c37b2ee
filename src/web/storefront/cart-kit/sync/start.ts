import { startCartSync } from './cart-sync.ts';

/** Entry of the cart sync chunk: the footer imports it once a shopper session is stored. */
startCartSync();
