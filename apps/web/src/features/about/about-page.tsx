import type { ReactNode } from 'react';

/** The sample product the spec's About page shows: static values. */
const SAMPLE_PRODUCT: { field: string; value: string }[] = [
  { field: 'product_id', value: 'BZR-2024-00157' },
  { field: 'currency', value: 'USD' },
  { field: 'availability', value: 'In stock' },
  { field: 'warranty', value: '1 year manufacturer warranty' },
];

const SAMPLE_SHIPPING: { field: string; value: string }[] = [
  { field: 'weight', value: '1.2 kg' },
  { field: 'dimensions', value: '30 × 20 × 10 cm' },
  { field: 'shipping_cost', value: '$10.00' },
  { field: 'estimated_delivery', value: '3-5 working days' },
];

function Fields({ rows }: { rows: { field: string; value: string }[] }) {
  return (
    <dl className="divide-y divide-gray-100">
      {rows.map(({ field, value }) => (
        <div key={field} className="flex flex-wrap justify-between gap-x-4 gap-y-1 py-2">
          <dt className="font-mono text-sm text-gray-600">{field}</dt>
          <dd className="font-medium text-gray-900">{value}</dd>
        </div>
      ))}
    </dl>
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
        <h1 className="text-3xl font-extrabold tracking-tight sm:text-4xl">About Bazaar</h1>
        <p className="mt-3 max-w-2xl text-teal-50">
          Bazaar is an online marketplace where shoppers find everyday goods at fair prices and anyone with an
          account can open a stall: list products, follow orders and get to know their customers.
        </p>
      </div>

      <Section id="sample-product" title="What a product tells you">
        <p>
          Every product on Bazaar comes with the facts you need before you buy. This is what a typical listing
          holds:
        </p>
        <div className="grid gap-4 sm:grid-cols-2">
          <div className="rounded-xl bg-gray-50 p-4">
            <h3 className="font-semibold text-gray-900">Sample product</h3>
            <Fields rows={SAMPLE_PRODUCT} />
          </div>
          <div className="rounded-xl bg-gray-50 p-4">
            <h3 className="font-mono font-semibold text-gray-900">shipping_details</h3>
            <Fields rows={SAMPLE_SHIPPING} />
          </div>
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
