import type { SiteConfig } from '#shared/contracts/site.ts';
import type { ShopPageSlug } from '#shared/pages.ts';
import { whatsappLink } from '#shared/whatsapp.ts';
import { MERCHANT_NOTE_LEAD, TO_CONFIRM_MARK } from './merchant-notes.ts';

/**
 * The text a fixed page shows until staff first save it (docs/product.md#fixed-pages): sensible
 * words for a Lebanese electronics shop, written with the shop's own name and contact details from
 * the configuration (never a hard-coded "Cedar Shop"). Each starts with an editor's note, and every
 * figure the merchant must confirm is marked "to confirm", so nothing reads as settled until staff
 * have checked it. Both are for staff only: shoppers get the page without them (merchant-notes.ts).
 * What the shop's settings decide (the delivery cost per governorate, the tax and whether prices
 * include it, the payment methods) the merchant can change at any time, so the text names no
 * figure for them: it says checkout shows them, which is always true.
 */

export interface DefaultShopPage {
  title: string;
  content: string;
  metaTitle: string | null;
  metaDescription: string | null;
}

/** Shop facts are configuration, not HTML: escaped before they go into the markup. */
function escapeHtml(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

const CONFIRM = `<strong>${TO_CONFIRM_MARK}</strong>`;

function editorsNote(what: string): string {
  return `<blockquote><p><strong>${MERCHANT_NOTE_LEAD}</strong> this is a starting text. Edit this page in the admin under Pages: ${what} Then remove this note.</p></blockquote>`;
}

export function defaultShopPages(site: SiteConfig): Record<ShopPageSlug, DefaultShopPage> {
  const shop = escapeHtml(site.shopName);
  const legal = escapeHtml(site.company.legalName);
  const email = escapeHtml(site.company.email);
  const phone = escapeHtml(site.company.phone);
  const address = escapeHtml(site.company.address);
  const tel = `tel:${site.company.phone.replace(/[^0-9+]/g, '')}`;
  const whatsapp = site.features.whatsapp ? whatsappLink(site.whatsappNumber) : null;
  const emailLink = `<a href="mailto:${email}">${email}</a>`;
  const phoneLink = `<a href="${escapeHtml(tel)}">${phone}</a>`;
  const whatsappLine = whatsapp
    ? `<li>WhatsApp: <a href="${escapeHtml(whatsapp)}">${escapeHtml(site.whatsappNumber)}</a></li>`
    : '';
  const contactList = `<ul><li>Phone: ${phoneLink}</li>${whatsappLine}<li>Email: ${emailLink}</li><li>Address: ${address}</li></ul>`;
  const currency = escapeHtml(site.currency);
  const note = (text: string) => (text ? `<p><strong>In short:</strong> ${escapeHtml(text)}</p>` : '');

  return {
    about: {
      title: `About ${site.shopName}`,
      metaTitle: null,
      metaDescription: `${site.shopName} sells electronics in Lebanon: components, boards, tools and gadgets, delivered to your door and paid on delivery.`,
      content: [
        editorsNote('tell shoppers who you are, since when, and what makes your shop worth trusting.'),
        `<p>${shop} is an online electronics shop in Lebanon run by ${legal}. We sell components, development boards, tools and everyday gadgets to makers, students, repair shops and anyone who needs the right part without a long search.</p>`,
        '<h2>What we do</h2>',
        '<ul><li>We list what we have: each product page shows its stock, so what you order is what we can send.</li><li>We deliver across Lebanon and you pay on delivery (see <a href="/pages/delivery">Delivery</a>).</li><li>We answer questions before and after you buy.</li></ul>',
        '<h2>Find us</h2>',
        contactList,
      ].join(''),
    },
    delivery: {
      title: 'Delivery',
      metaTitle: null,
      metaDescription: `How ${site.shopName} delivers across Lebanon: areas, times, charges and cash on delivery.`,
      content: [
        editorsNote('check every figure marked "to confirm" against what your couriers really do.'),
        note(site.notes.delivery),
        '<h2>Where we deliver</h2>',
        `<p>We deliver across Lebanon: Beirut and its suburbs, Mount Lebanon, the North, the South, the Bekaa and Nabatieh ${CONFIRM}.</p>`,
        '<h2>How long it takes</h2>',
        `<ul><li>Beirut and its suburbs: 1–2 working days ${CONFIRM}.</li><li>Other regions: 2–4 working days ${CONFIRM}.</li></ul>`,
        '<p>We call or message you before the courier sets out. Orders placed on a Sunday or a public holiday leave on the next working day.</p>',
        '<h2>What it costs</h2>',
        '<p>The delivery cost depends on your governorate: checkout shows it, with the usual delivery time, as soon as you choose your governorate, and says when your order is delivered free. The total shown before you order, delivery included, is what you pay.</p>',
        '<h2>Paying</h2>',
        `<p>You pay with one of the methods checkout offers, each with its instructions. Paying cash on delivery, you pay in ${currency} or at the day's rate in Lebanese pounds ${CONFIRM}; please have the amount ready, as the courier may not carry change for large notes.</p>`,
        '<h2>Tracking your order</h2>',
        '<p>Signed-in shoppers see each order and its status under their account. Otherwise, ask us with your order number:</p>',
        contactList,
      ].join(''),
    },
    returns: {
      title: 'Returns',
      metaTitle: null,
      metaDescription: `How to return an item bought from ${site.shopName}: conditions, how to ask and how you are refunded.`,
      content: [
        editorsNote('check the return period and conditions marked "to confirm".'),
        note(site.notes.returns),
        '<h2>What can be returned</h2>',
        `<ul><li>Items returned within the period above ${CONFIRM}, counted from the day you received them.</li><li>Unused, in their original packaging, with every accessory and the invoice.</li><li>Not returnable: items cut to length, programmed or soldered, and software or licences once opened ${CONFIRM}.</li></ul>`,
        '<p>A faulty item is a warranty matter rather than a return: see <a href="/pages/warranty">Warranty</a>.</p>',
        '<h2>How to ask</h2>',
        '<ol><li>Contact us with your order number and the item you want to return.</li><li>We confirm whether it can be returned and arrange a pick-up or tell you where to drop it off.</li><li>We check the item when it reaches us.</li></ol>',
        contactList,
        '<h2>Refunds</h2>',
        `<p>Once the item is checked, we refund the price you paid in cash or as a store credit, as you prefer, within 7 days ${CONFIRM}. A pick-up for a return that is not due to our mistake may be charged ${CONFIRM}.</p>`,
      ].join(''),
    },
    warranty: {
      title: 'Warranty',
      metaTitle: null,
      metaDescription: `The warranty on products bought from ${site.shopName} and how to make a claim.`,
      content: [
        editorsNote('check the periods marked "to confirm" for the brands you sell.'),
        note(site.notes.warranty),
        '<h2>What is covered</h2>',
        `<p>New products carry their maker's warranty against manufacturing faults. The period depends on the maker and the product: usually 6 to 12 months for electronics and tools ${CONFIRM}; components and consumables are checked on delivery and have no further warranty ${CONFIRM}.</p>`,
        '<h2>What is not covered</h2>',
        '<ul><li>Damage from a wrong connection, over-voltage, heat or soldering.</li><li>Physical damage, water, or parts that were modified.</li><li>Normal wear of batteries, tips and cables.</li></ul>',
        '<h2>How to claim</h2>',
        "<ol><li>Contact us with your order number, the product and what goes wrong (a photo or a short video helps).</li><li>We tell you whether it is covered and how to send it back.</li><li>We repair or replace it, or refund it if neither is possible, as the maker's terms allow.</li></ol>",
        contactList,
      ].join(''),
    },
    privacy: {
      title: 'Privacy policy',
      metaTitle: null,
      metaDescription: `What ${site.shopName} keeps about you, why, and how to have it deleted.`,
      content: [
        editorsNote('check that this matches how you handle data, and name who to contact.'),
        `<p>${shop} is run by ${legal}, ${address}. This page says what we keep about you and why.</p>`,
        '<h2>What we keep</h2>',
        '<ul><li><strong>Orders:</strong> your name, phone number, delivery address, what you ordered and the totals, so that we can deliver, answer your questions and keep the accounts the law asks for.</li><li><strong>Your account</strong>, if you make one: your name, email or phone number, saved addresses and a protected form of your password (never the password itself).</li><li><strong>Messages</strong> you send us through the contact form.</li><li><strong>Technical logs</strong> kept for a short time to keep the shop safe (such as the address a request came from).</li></ul>',
        '<h2>What we do not do</h2>',
        '<p>We do not sell or rent your data, and we do not share it with advertisers. We share only what a courier needs to deliver your order.</p>',
        '<h2>Cookies and storage in your browser</h2>',
        "<p>The shop uses no advertising or tracking cookies. It keeps your cart, your display preferences (such as dark mode) and, when you sign in, your session in your browser's local storage, on your device. Clearing your browser's site data removes them.</p>",
        '<h2>Seeing or deleting your data</h2>',
        '<p>You can see your orders and change your details in your account, and delete the account from its security page. To ask what we hold about you or to have it deleted, contact us:</p>',
        contactList,
        '<p>We keep order records for as long as the law requires for invoices, even after an account is deleted; the personal details in them are then removed where the law allows.</p>',
      ].join(''),
    },
    terms: {
      title: 'Terms of sale',
      metaTitle: null,
      metaDescription: `The terms of sale of ${site.shopName}: prices, stock, order confirmation, payment on delivery.`,
      content: [
        editorsNote('have these terms checked before you rely on them.'),
        `<p>These terms apply to every order placed on ${shop}, a shop run by ${legal}, ${address}.</p>`,
        '<h2>Prices</h2>',
        `<p>Prices are in ${currency}. VAT is shown at checkout as the shop applies it, included in the prices or added to them, with the delivery cost of your governorate; the total shown before you order is the amount you pay. We may change prices at any time; an order keeps the prices, VAT and delivery cost it was placed with.</p>`,
        '<h2>Stock</h2>',
        '<p>Product pages show the stock we hold. Stock is reserved when you place an order; if an item still cannot be supplied, we tell you and you pay nothing for it.</p>',
        '<h2>Orders</h2>',
        '<p>After you order, you receive an order number. We confirm the order by phone or message before it is sent; we may cancel an order we cannot confirm or deliver, and we tell you if we do.</p>',
        '<h2>Payment</h2>',
        '<p>You pay with one of the methods offered at checkout: cash on delivery when you receive your order, or another method the shop offers there, as its instructions say. Ownership of the goods passes to you once they are paid for.</p>',
        '<h2>Delivery, returns and warranty</h2>',
        '<p>See <a href="/pages/delivery">Delivery</a>, <a href="/pages/returns">Returns</a> and <a href="/pages/warranty">Warranty</a>; they form part of these terms.</p>',
        '<h2>Law</h2>',
        '<p>These terms are governed by the law of Lebanon, including the consumer protection law. Please contact us first with any problem; we will do our best to settle it.</p>',
        contactList,
      ].join(''),
    },
  };
}
