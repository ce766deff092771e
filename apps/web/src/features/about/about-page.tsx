import { PageTitle } from '../../components/page-title.tsx';
import type { ReactNode } from 'react';

/**
 * The spec's sample product (product_id, currency, availability, warranty and shipping_details), told in a
 * shopper's words: what a listing promises before you buy.
 */
const SAMPLE_PRODUCT: { term: string; value: string }[] = [
  { term: 'Product code', value: 'BZR-2024-00157' },
  { term: 'Prices in', value: 'US dollars (USD)' },
  { term: 'Availability', value: 'In stock' },
  { term: 'Warranty', value: '1 year manufacturer warranty' },
];

const SAMPLE_SHIPPING: { term: string; value: string }[] = [
  { term: 'Weight', value: '1.2 kg' },
  { term: 'Size', value: '30 × 20 × 10 cm' },
  { term: 'Shipping', value: '$10.00, or what its seller charges' },
  { term: 'Delivery', value: '3-5 working days' },
];

const STEPS = [
  {
    title: 'Find it',
    text: 'Search by name, browse a category or catch a flash sale. Every price shows its discount up front.',
  },
  {
    title: 'Order it',
    text: 'Fill your cart from as many sellers as you like and check out once: pay cash on delivery, bKash or Rocket.',
  },
  {
    title: 'Follow it',
    text: 'Your orders page shows each seller’s part of your order as it ships and arrives, and you can cancel what has not shipped yet.',
  },
] as const;

function Facts({ label, rows }: { label: string; rows: { term: string; value: string }[] }) {
  return (
    <div className="rounded-xl bg-gray-50 p-4">
      <h3 className="font-semibold text-gray-900">{label}</h3>
      <dl className="divide-y divide-gray-100">
        {rows.map(({ term, value }) => (
          <div key={term} className="flex flex-wrap justify-between gap-x-4 gap-y-1 py-2">
            <dt className="text-gray-600">{term}</dt>
            <dd className="font-medium text-gray-900">{value}</dd>
          </div>
        ))}
      </dl>
    </div>
  );
}

function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section
      id={id}
      aria-labelledby={`${id}-title`}
      className="scroll-mt-6 rounded-2xl border border-gray-200 bg-white p-6 shadow-sm"
    >
      <h2 id={`${id}-title`} className="text-xl font-bold text-gray-900">
        {title}
      </h2>
      <div className="mt-3 space-y-3 text-gray-700">{children}</div>
    </section>
  );
}

export function Component() {
  return (
    <div className="mx-auto flex max-w-4xl flex-col gap-6">
      <div className="rounded-2xl bg-gradient-to-br from-teal-700 to-teal-900 px-6 py-10 text-white shadow-sm sm:px-10">
        <PageTitle name="About" />
        <h1 className="text-3xl font-extrabold tracking-tight sm:text-4xl">About Bazaar</h1>
        <p className="mt-3 max-w-2xl text-teal-50">
          Bazaar is an online marketplace where shoppers find everyday goods at fair prices and anyone with an
          account can open a stall: list products, follow orders and get to know their customers.
        </p>
      </div>

      <Section id="how-it-works" title="How shopping on Bazaar works">
        <ol className="grid gap-4 sm:grid-cols-3">
          {STEPS.map((step, index) => (
            <li key={step.title} className="rounded-xl bg-gray-50 p-4">
              <p className="font-semibold text-gray-900">
                <span className="mr-2 inline-flex size-6 items-center justify-center rounded-full bg-teal-700 text-sm text-white">
                  {index + 1}
                </span>
                {step.title}
              </p>
              <p className="mt-2 text-sm">{step.text}</p>
            </li>
          ))}
        </ol>
      </Section>

      <Section id="sample-product" title="What a product tells you">
        <p>
          Every product on Bazaar comes with the facts you need before you buy: its price and discount,
          whether it is in stock, its warranty, and what shipping costs and how long it takes. A typical
          listing:
        </p>
        <div className="grid gap-4 sm:grid-cols-2">
          <Facts label="The product" rows={SAMPLE_PRODUCT} />
          <Facts label="Shipping" rows={SAMPLE_SHIPPING} />
        </div>
      </Section>

      <Section id="mission" title="Our Mission">
        <p>
          We want buying and selling online to be simple and honest: clear prices with the discount shown up
          front, delivery times you can plan around, and a checkout that takes a minute.
        </p>
        <p>
          We ship worldwide. Orders within the UK arrive in 3-5 working days, and you can return a product
          within 45 days.
        </p>
      </Section>

      <Section id="contact" title="Contact Us">
        <p>Questions about an order, a product or selling on Bazaar? We answer within one working day.</p>
        <ul className="space-y-1">
          <li>
            E-mail:{' '}
            <a
              href="mailto:support@bazaar.example"
              className="font-medium text-teal-700 underline-offset-2 hover:underline"
            >
              support@bazaar.example
            </a>
          </li>
          <li>Phone: +44 20 7946 0958 (Monday to Friday, 9:00-17:00)</li>
          <li>Address: 221 Market Street, London, United Kingdom</li>
        </ul>
      </Section>

      <Section id="legal" title="Legal">
        <h3 id="terms" className="scroll-mt-6 font-semibold text-gray-900">
          Terms of use
        </h3>
        <p>
          Prices are in US dollars and include the discount shown. An order is a binding purchase once placed;
          sellers are responsible for the accuracy of their listings.
        </p>
        <h3 id="privacy" className="scroll-mt-6 font-semibold text-gray-900">
          Privacy policy
        </h3>
        <p>
          We keep your name, e-mail address and, if you give them, your phone number, address and picture,
          only to run your account and deliver your orders. A seller sees the details of customers who ordered
          from them.
        </p>
        <h3 id="cookies" className="scroll-mt-6 font-semibold text-gray-900">
          Cookie policy
        </h3>
        <p>
          One cookie keeps you signed in. Your cart is stored in your own browser and never leaves it until
          you order.
        </p>
      </Section>
    </div>
  );
}
