import type { Governorate } from '#shared/shop-settings.ts';

/**
 * The words of the demo's order history (demo-orders.ts makes the orders from them): shoppers'
 * names, the places parcels go with their share of orders, streets, notes, refund reasons and the
 * carriers of settings' defaults.
 */

export const FIRST_NAMES = [
  'Rami',
  'Lina',
  'Omar',
  'Nour',
  'Karim',
  'Maya',
  'Hadi',
  'Sara',
  'Tarek',
  'Rana',
  'Ziad',
  'Joelle',
  'Elie',
  'Layal',
  'Fadi',
  'Yasmine',
  'Georges',
  'Rita',
  'Ali',
  'Hiba',
  'Charbel',
  'Dana',
  'Bilal',
  'Carla',
  'Walid',
  'Zeina',
  'Samer',
  'Nadine',
  'Ahmad',
  'Christelle',
  'Jad',
  'Farah',
  'Hassan',
  'Mira',
  'Antoine',
  'Rasha',
  'Wael',
  'Nathalie',
  'Khalil',
  'Lea',
] as const;
export const LAST_NAMES = [
  'Haddad',
  'Khoury',
  'Saad',
  'Nassar',
  'Abboud',
  'Fares',
  'Hamdan',
  'Mansour',
  'Gemayel',
  'Daher',
  'Chamoun',
  'Aoun',
  'Salameh',
  'Karam',
  'Haidar',
  'Issa',
  'Bitar',
  'Sleiman',
  'Younes',
  'Rizk',
  'Ghanem',
  'Jaber',
  'Moussa',
  'Tannous',
  'Harb',
  'Zein',
  'Kassab',
  'Nahas',
  'Sabbagh',
  'Frem',
] as const;

/** Where the parcels go: governorate, its share of orders, a few of its towns. */
export const PLACES: readonly { governorate: Governorate; weight: number; cities: readonly string[] }[] = [
  {
    governorate: 'beirut',
    weight: 34,
    cities: ['Hamra', 'Achrafieh', 'Verdun', 'Mar Mikhael', 'Ras Beirut', 'Badaro'],
  },
  { governorate: 'mount_lebanon', weight: 33, cities: ['Jounieh', 'Baabda', 'Aley', 'Jbeil', 'Dbayeh', 'Broummana'] },
  { governorate: 'north', weight: 9, cities: ['Tripoli', 'Batroun', 'Zgharta'] },
  { governorate: 'south', weight: 8, cities: ['Saida', 'Tyre', 'Jezzine'] },
  { governorate: 'bekaa', weight: 7, cities: ['Zahle', 'Chtaura', 'Rayak'] },
  { governorate: 'nabatieh', weight: 4, cities: ['Nabatieh', 'Marjayoun'] },
  { governorate: 'akkar', weight: 3, cities: ['Halba', 'Qobayat'] },
  { governorate: 'baalbek_hermel', weight: 2, cities: ['Baalbek', 'Hermel'] },
];
export const STREETS = [
  'Main Street',
  'Church Street',
  'Mosque Street',
  'Old Souk',
  'Highway',
  'School Street',
  'Bliss Street',
];
export const NOTES = ['Please call before delivery.', 'Leave it with the concierge.', 'Deliver after 5 pm please.'];
export const REFUND_REASONS = ['Returned: arrived damaged', 'Returned: wrong model ordered', 'One part was missing'];
/** The carriers of settings' defaults: town couriers for Beirut and Mount Lebanon, the rest by post. */
export const NEAR_CARRIERS = ['Wakilni', 'Toters'];
export const FAR_CARRIERS = ['Aramex', 'LibanPost'];
