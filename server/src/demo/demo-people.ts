import { createHash } from 'node:crypto';
import type { Prng } from './prng';

const firstNames = [
  'Olivia',
  'Liam',
  'Emma',
  'Noah',
  'Ava',
  'Elijah',
  'Sophia',
  'James',
  'Isabella',
  'Lucas',
  'Mia',
  'Mateo',
  'Amelia',
  'Benjamin',
  'Harper',
  'Henry',
  'Evelyn',
  'Theodore',
  'Aisha',
  'Omar',
  'Priya',
  'Arjun',
  'Mei',
  'Wei',
  'Yuki',
  'Hiro',
  'Sofia',
  'Diego',
  'Camila',
  'Santiago',
  'Chloe',
  'Daniel',
  'Grace',
  'Samuel',
  'Zoe',
  'David',
  'Nora',
  'Gabriel',
  'Leah',
  'Isaac',
  'Fatima',
  'Kwame',
  'Amara',
  'Tariq',
  'Hannah',
  'Ethan',
  'Lily',
  'Jack',
  'Ruby',
  'Owen',
] as const;

const lastNames = [
  'Smith',
  'Johnson',
  'Williams',
  'Brown',
  'Jones',
  'Garcia',
  'Miller',
  'Davis',
  'Rodriguez',
  'Martinez',
  'Hernandez',
  'Lopez',
  'Gonzalez',
  'Wilson',
  'Anderson',
  'Thomas',
  'Taylor',
  'Moore',
  'Jackson',
  'Martin',
  'Lee',
  'Perez',
  'Thompson',
  'White',
  'Harris',
  'Sanchez',
  'Clark',
  'Ramirez',
  'Lewis',
  'Robinson',
  'Walker',
  'Young',
  'Allen',
  'King',
  'Wright',
  'Scott',
  'Nguyen',
  'Patel',
  'Kim',
  'Chen',
  'Okafor',
  'Mensah',
  'Haddad',
  'Kowalski',
  'Novak',
  'Schmidt',
  'Rossi',
  'Silva',
  'Tanaka',
  'Ali',
] as const;

// Reserved example domains (RFC 2606): realistic-looking, never anyone's real mailbox.
const domains = ['example.com', 'example.net', 'example.org', 'mail.example.com', 'inbox.example.net'] as const;
const areaCodes = ['212', '213', '305', '312', '415', '512', '617', '702', '206', '404', '303', '646'] as const;

export type CardBrand = 'Visa' | 'Mastercard' | 'American Express' | 'Discover';
const brands: readonly (readonly [CardBrand, number])[] = [
  ['Visa', 50],
  ['Mastercard', 30],
  ['American Express', 12],
  ['Discover', 8],
];

export interface DemoCard {
  brand: CardBrand;
  lastFour: string;
  /** Stands in for the keyed hash of a PAN: no card number exists for demo data. */
  fingerprint: string;
}

export interface DemoCustomer {
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
  card: DemoCard;
}

const digits = (prng: Prng, count: number): string => Array.from({ length: count }, () => String(prng.int(0, 9))).join('');

function emailFor(prng: Prng, first: string, last: string): string {
  const local = prng.pick([`${first}.${last}`, `${first}${last}`, `${first[0]}${last}`, `${first}.${last}${prng.int(1, 99)}`]);
  return `${local}@${prng.pick(domains)}`.toLowerCase();
}

export function makeCustomer(prng: Prng, index: number, seed: number): DemoCustomer {
  const firstName = prng.pick(firstNames);
  const lastName = prng.pick(lastNames);
  const brand = prng.weighted(brands);
  return {
    firstName,
    lastName,
    email: emailFor(prng, firstName, lastName),
    // 555-01xx numbers are reserved for fiction.
    phone: `+1 ${prng.pick(areaCodes)}-555-01${digits(prng, 2)}`,
    card: {
      brand,
      lastFour: digits(prng, 4),
      fingerprint: createHash('sha256').update(`paydesk-demo-card:${seed}:${index}`).digest('hex').slice(0, 32),
    },
  };
}
