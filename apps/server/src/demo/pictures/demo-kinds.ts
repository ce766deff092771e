// What the picture of a demo product shows, read from its slug alone (its colour: demo/picture-color.ts).
import { CATALOG } from '../catalog-words.ts';
import { slugify } from '../../images/image-urls.ts';
import { HOME } from './drawings/home.ts';
import { LEISURE } from './drawings/leisure.ts';
import type { Drawing } from './drawings/paint.ts';
import { STYLE } from './drawings/style.ts';
import { TECH } from './drawings/tech.ts';

export const DRAWINGS = { ...TECH, ...STYLE, ...HOME, ...LEISURE } satisfies Record<string, Drawing>;

export type Kind = keyof typeof DRAWINGS;

/**
 * The drawing of every noun of the demo catalog. Nouns share one only when they name the same object
 * (a "5G Smartphone" is a phone, "Trainers" are sneakers, "Facial Oil" comes in a serum's dropper bottle).
 */
export const KIND_BY_NOUN: Readonly<Record<string, Kind>> = {
  Smartphone: 'phone',
  '5G Smartphone': 'phone',
  Phone: 'phone',
  'Foldable Phone': 'foldablePhone',
  Tablet: 'tablet',
  Laptop: 'laptop',
  Ultrabook: 'laptop',
  Notebook: 'laptop',
  Chromebook: 'laptop',
  'Convertible Laptop': 'laptop',
  'Gaming Laptop': 'gamingLaptop',
  Headphones: 'headphones',
  'Studio Headphones': 'headphones',
  Headset: 'headset',
  Earbuds: 'earbuds',
  Earphones: 'earbuds',
  Watch: 'watch',
  'Chronograph Watch': 'watch',
  'Dive Watch': 'watch',
  Smartwatch: 'smartwatch',
  'Fitness Tracker': 'fitnessTracker',
  Camera: 'camera',
  'Mirrorless Camera': 'camera',
  'Action Camera': 'actionCamera',
  'Instant Camera': 'instantCamera',
  'Camera Lens': 'lens',
  Drone: 'drone',
  Jacket: 'jacket',
  'Denim Jacket': 'jacket',
  Hoodie: 'hoodie',
  'Graphic Tee': 'tee',
  Dress: 'dress',
  Sweater: 'sweater',
  Shirt: 'shirt',
  Scarf: 'scarf',
  Sneakers: 'sneaker',
  'Running Shoes': 'sneaker',
  Trainers: 'sneaker',
  Boots: 'boot',
  Sandals: 'sandal',
  Loafers: 'loafer',
  Backpack: 'backpack',
  'Tote Bag': 'tote',
  Handbag: 'handbag',
  'Duffel Bag': 'duffel',
  'Messenger Bag': 'messenger',
  Wallet: 'wallet',
  'Crossbody Bag': 'crossbody',
  'Face Serum': 'dropperBottle',
  'Facial Oil': 'dropperBottle',
  Moisturizer: 'creamJar',
  Perfume: 'perfume',
  'Body Lotion': 'pumpBottle',
  Shampoo: 'shampoo',
  Cleanser: 'tube',
  'Electric Kettle': 'kettle',
  Blender: 'blender',
  'Frying Pan': 'pan',
  'Ceramic Mugs': 'mugs',
  Toaster: 'toaster',
  'Air Fryer': 'airFryer',
  Teapot: 'teapot',
  Armchair: 'armchair',
  Sofa: 'sofa',
  Desk: 'desk',
  Bookshelf: 'bookshelf',
  'Bar Stool': 'barStool',
  'Side Table': 'sideTable',
  'Office Chair': 'officeChair',
  'Yoga Mat': 'yogaMat',
  Football: 'football',
  Basketball: 'basketball',
  Dumbbells: 'dumbbells',
  'Tennis Racket': 'racket',
  'Water Bottle': 'waterBottle',
  'Jump Rope': 'jumpRope',
  'Building Blocks': 'blocks',
  Puzzle: 'puzzle',
  Robot: 'robot',
  'Plush Bear': 'teddy',
  'Board Game': 'boardGame',
  'Toy Car': 'toyCar',
  Kite: 'kite',
  Novel: 'novel',
  Cookbook: 'cookbook',
  'Travel Guide': 'travelGuide',
  Biography: 'biography',
  Journal: 'journal',
  Atlas: 'atlas',
  'Picture Book': 'pictureBook',
  'Green Tea': 'teaTin',
  'Coffee Beans': 'coffeeBag',
  Honey: 'honeyJar',
  'Olive Oil': 'oliveOil',
  Granola: 'granola',
  'Dark Chocolate': 'chocolateBar',
  'Basmati Rice': 'riceSack',
  Necklace: 'necklace',
  Ring: 'ring',
  Earrings: 'earrings',
  Bracelet: 'bracelet',
  Pendant: 'pendant',
  Anklet: 'anklet',
};

/** The card picture of each category: its most typical object. */
export const KIND_BY_CATEGORY: Readonly<Record<string, Kind>> = {
  Smartphones: 'phone',
  Laptops: 'laptop',
  Headphones: 'headphones',
  Watches: 'watch',
  Cameras: 'camera',
  Fashion: 'jacket',
  Shoes: 'sneaker',
  Bags: 'handbag',
  Beauty: 'perfume',
  'Home & Kitchen': 'kettle',
  Furniture: 'armchair',
  Sports: 'basketball',
  Toys: 'teddy',
  Books: 'novel',
  Groceries: 'honeyJar',
  Jewelry: 'ring',
};

/** The CSS colours of the catalog's colour names, which the shop also paints its swatches with. */
export const COLOR_HEX: Readonly<Record<string, string>> = {
  Black: '#2b2b2e',
  White: '#f4f4f2',
  Silver: '#c0c0c0',
  Gray: '#808080',
  Navy: '#000080',
  Teal: '#008080',
  Olive: '#808000',
  Maroon: '#800000',
  Beige: '#f5f5dc',
  Ivory: '#fffff0',
  Coral: '#ff7f50',
  Gold: '#ffd700',
  Plum: '#dda0dd',
  Salmon: '#fa8072',
  Khaki: '#f0e68c',
  Tan: '#d2b48c',
  Crimson: '#dc143c',
  Indigo: '#4b0082',
  Lavender: '#e6e6fa',
  Chocolate: '#d2691e',
  Orchid: '#da70d6',
  Turquoise: '#40e0d0',
  Tomato: '#ff6347',
  Sienna: '#a0522d',
};

const NOUN_KINDS = CATALOG.flatMap((category) => category.nouns)
  .map((noun) => ({ words: `-${slugify(noun)}-`, kind: KIND_BY_NOUN[noun] }))
  .filter((entry): entry is { words: string; kind: Kind } => entry.kind !== undefined)
  // Longest first: "gaming-laptop" before "laptop", "camera-lens" before "camera".
  .sort((a, b) => b.words.length - a.words.length);

/** The object a product slug names, or undefined for a slug that names no catalog noun. */
export function kindOfSlug(slug: string): Kind | undefined {
  return NOUN_KINDS.find((entry) => `-${slug}-`.includes(entry.words))?.kind;
}
