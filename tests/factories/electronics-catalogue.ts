import type { Db } from '#server/db/client.ts';
import { createCategory, createProduct } from './catalogue.ts';

const day = (n: number) => new Date(Date.UTC(2026, 0, n));

/**
 * A small catalogue with everything the catalogue and search tests reason about: a category tree
 * (Boards > Arduino, Boards > Raspberry, Cables, a hidden category), three brands, prices from
 * $3 to $80, stock in/low/out, featured products, ratings, and an inactive product whose words
 * ("Arduino", "Secret") must never leak into a result.
 */
export async function createElectronicsCatalogue(db: Db) {
  const boards = await createCategory(db, { name: 'Development Boards', slug: 'boards', sortOrder: 1 });
  const arduino = await createCategory(db, { name: 'Arduino', slug: 'arduino', parentId: boards.id, sortOrder: 1 });
  const raspberry = await createCategory(db, {
    name: 'Raspberry Pi',
    slug: 'raspberry-pi',
    parentId: boards.id,
    sortOrder: 2,
  });
  const cables = await createCategory(db, { name: 'Cables', slug: 'cables', sortOrder: 2 });
  const hidden = await createCategory(db, { name: 'Hidden Stuff', slug: 'hidden', sortOrder: 3, isActive: false });

  const uno = await createProduct(db, {
    name: 'Arduino Uno R3',
    slug: 'arduino-uno-r3',
    sku: 'ARD-UNO-R3',
    brand: 'Arduino',
    categoryId: arduino.id,
    description: 'The classic ATmega328P board for learning electronics.',
    tags: ['microcontroller', 'beginner'],
    price: 24.5,
    compareAtPrice: 29.99,
    stockQuantity: 40,
    featured: true,
    rating: 4.8,
    reviewCount: 120,
    createdAt: day(2),
  });
  const nano = await createProduct(db, {
    name: 'Arduino Nano Every',
    slug: 'arduino-nano-every',
    sku: 'ARD-NANO-EV',
    brand: 'Arduino',
    categoryId: arduino.id,
    description: 'A tiny board for breadboards.',
    tags: ['microcontroller'],
    price: 14,
    stockQuantity: 3,
    lowStockThreshold: 5,
    rating: 4.5,
    reviewCount: 30,
    createdAt: day(5),
  });
  const pi = await createProduct(db, {
    name: 'Raspberry Pi 5 8GB',
    slug: 'raspberry-pi-5-8gb',
    sku: 'RPI-5-8GB',
    brand: 'Raspberry Pi',
    categoryId: raspberry.id,
    description: 'A quad-core single-board computer.',
    tags: ['sbc', 'linux'],
    price: 80,
    stockQuantity: 0,
    featured: true,
    rating: 4.9,
    reviewCount: 80,
    createdAt: day(4),
  });
  const esp = await createProduct(db, {
    name: 'ESP32 DevKit V1',
    slug: 'esp32-devkit-v1',
    sku: 'ESP-32-DK',
    brand: 'Espressif',
    categoryId: boards.id,
    description: 'Wi-Fi and Bluetooth board that works with the Arduino IDE.',
    tags: ['wifi', 'bluetooth'],
    price: 9.99,
    stockQuantity: 25,
    rating: 4.6,
    reviewCount: 55,
    createdAt: day(6),
  });
  const cable = await createProduct(db, {
    name: 'USB-C Cable 1 m',
    slug: 'usb-c-cable-1m',
    sku: 'CBL-USBC-1M',
    brand: null,
    categoryId: cables.id,
    description: 'Braided cable for boards and phones.',
    tags: ['usb'],
    price: 3,
    stockQuantity: 100,
    createdAt: day(1),
  });
  const inactive = await createProduct(db, {
    name: 'Arduino Secret Prototype',
    slug: 'arduino-secret-prototype',
    sku: 'ARD-SECRET',
    brand: 'Arduino',
    categoryId: arduino.id,
    price: 99,
    stockQuantity: 5,
    isActive: false,
    featured: true,
    createdAt: day(7),
  });
  const inHidden = await createProduct(db, {
    name: 'Hidden Gadget',
    slug: 'hidden-gadget',
    brand: 'Acme',
    categoryId: hidden.id,
    price: 5,
    createdAt: day(3),
  });
  return {
    categories: { boards, arduino, raspberry, cables, hidden },
    products: { uno, nano, pi, esp, cable, inactive, inHidden },
  };
}
