import type { ProductFacets } from '@bazaar/shared/product-facets';
import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { Button } from '../../../components/button.tsx';
import { bandBounds, priceRangeLabel, type FiltersChange, type ProductFilters } from '../product-filters.ts';

/** Brands listed before "Show all brands". */
const BRANDS_SHOWN = 8;

const choiceClass =
  'flex cursor-pointer items-center gap-2 rounded-md px-1 py-1 text-sm text-gray-800 hover:bg-gray-100 has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-teal-700';
const inputClass = 'size-4 shrink-0 accent-teal-700 outline-none';

function Group({ legend, children }: { legend: string; children: ReactNode }) {
  return (
    <fieldset className="border-t border-gray-200 pt-3">
      {/* Floated, so that the legend sits inside the group's box rather than on its border. */}
      <legend className="float-left mb-1 w-full text-sm font-semibold text-gray-900">{legend}</legend>
      <div className="clear-left flex flex-col">{children}</div>
    </fieldset>
  );
}

/** One choice of a group: its words, and how many products it would show beside them. */
function Choice({
  type,
  name,
  label,
  count,
  checked,
  onChange,
}: {
  type: 'radio' | 'checkbox';
  name: string;
  label: string;
  count?: number | undefined;
  checked: boolean;
  onChange: (checked: boolean) => void;
}) {
  return (
    <label className={choiceClass}>
      <input
        type={type}
        name={name}
        checked={checked}
        onChange={(event) => onChange(event.target.checked)}
        className={inputClass}
      />
      <span className={`min-w-0 flex-1 break-words ${count === 0 && !checked ? 'text-gray-600' : ''}`}>
        {label}
      </span>
      {count !== undefined && (
        <>
          <span aria-hidden="true" className="text-xs text-gray-600 tabular-nums">
            {count.toLocaleString('en-US')}
          </span>
          <span className="sr-only">{` (${count.toLocaleString('en-US')} ${count === 1 ? 'product' : 'products'})`}</span>
        </>
      )}
    </label>
  );
}

/** The facet's values, and those chosen that it does not list (none match the other choices): with 0. */
/**
 * The listed values and the chosen ones the facets do not list, without a count: a category from an older link may
 * be a tag that the facets list under its category's name.
 */
function withChosen(
  values: ProductFacets['brands'],
  chosen: readonly string[],
): { value: string; count?: number }[] {
  const missing = chosen.filter((value) => !values.some((listed) => listed.value === value));
  return [...values, ...missing.map((value) => ({ value }))];
}

function BoundInput({
  label,
  value,
  onChange,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
}) {
  const id = useId();
  return (
    <div className="flex min-w-0 flex-1 flex-col gap-0.5">
      <label htmlFor={id} className="text-xs text-gray-700">
        {label}
      </label>
      <input
        id={id}
        type="number"
        inputMode="decimal"
        min={0}
        step="0.01"
        value={value}
        onChange={(event) => onChange(event.target.value)}
        className="w-full min-w-0 rounded-md border border-gray-300 bg-white px-2 py-1 text-sm outline-none focus:border-teal-600 focus:ring-2 focus:ring-teal-600/30"
      />
    </div>
  );
}

/** The lowest and highest price a shopper types in, applied together. */
function PriceInputs({
  filters,
  apply,
}: {
  filters: ProductFilters;
  apply: (change: FiltersChange) => void;
}) {
  const [min, setMin] = useState(filters.price_min?.toString() ?? '');
  const [max, setMax] = useState(filters.price_max?.toString() ?? '');
  const [shown, setShown] = useState(filters);
  // A chip or Back changes the range outside the inputs: they show it.
  if (shown !== filters) {
    setShown(filters);
    setMin(filters.price_min?.toString() ?? '');
    setMax(filters.price_max?.toString() ?? '');
  }
  const bound = (text: string) => {
    const value = Number(text);
    return text.trim() === '' || !Number.isFinite(value) || value < 0
      ? undefined
      : Math.round(value * 100) / 100;
  };
  function submit(event: FormEvent) {
    event.preventDefault();
    let [low, high] = [bound(min), bound(max)];
    if (low !== undefined && high !== undefined && low > high) [low, high] = [high, low];
    apply((current) => ({ ...current, price_min: low, price_max: high }));
  }
  return (
    <form onSubmit={submit} aria-label="Price range" className="mt-2 flex items-end gap-2">
      <BoundInput label="Min $" value={min} onChange={setMin} />
      <BoundInput label="Max $" value={max} onChange={setMax} />
      <Button type="submit" variant="secondary" size="sm">
        Apply
      </Button>
    </form>
  );
}

function BrandChoices({
  facets,
  filters,
  apply,
}: {
  facets: ProductFacets;
  filters: ProductFilters;
  apply: (change: FiltersChange) => void;
}) {
  const name = useId();
  const [all, setAll] = useState(false);
  const brands = withChosen(facets.brands, filters.brand);
  const shown = all ? brands : brands.slice(0, BRANDS_SHOWN);
  // A chosen brand stays in sight however far down the list it is.
  const hidden = brands.slice(shown.length).filter((brand) => filters.brand.includes(brand.value));
  return (
    <Group legend="Brand">
      {[...shown, ...hidden].map((brand) => (
        <Choice
          key={brand.value}
          type="checkbox"
          name={name}
          label={brand.value}
          count={brand.count}
          checked={filters.brand.includes(brand.value)}
          onChange={(checked) =>
            apply((current) => ({
              ...current,
              brand: checked
                ? [...current.brand, brand.value]
                : current.brand.filter((other) => other !== brand.value),
            }))
          }
        />
      ))}
      {brands.length > BRANDS_SHOWN && (
        <button
          type="button"
          aria-expanded={all}
          onClick={() => setAll(!all)}
          className="mt-1 self-start px-1 text-sm font-medium text-teal-800 hover:underline focus-visible:outline-2 focus-visible:outline-teal-700"
        >
          {all ? 'Show fewer brands' : `Show all ${brands.length} brands`}
        </button>
      )}
    </Group>
  );
}

/**
 * The facet groups beside a product list: each choice with its count, applied at once. `withCategories` is false
 * on a category's own page.
 */
export function FacetGroups({
  facets,
  filters,
  apply,
  withCategories,
}: {
  facets: ProductFacets;
  filters: ProductFilters;
  apply: (change: FiltersChange) => void;
  withCategories: boolean;
}) {
  const name = useId();
  const categories = withChosen(facets.categories, filters.category ? [filters.category] : []);
  const anyPrice = filters.price_min === undefined && filters.price_max === undefined;
  return (
    <div className="flex flex-col gap-4">
      {withCategories && categories.length > 0 && (
        <Group legend="Category">
          <Choice
            type="radio"
            name={`${name}-category`}
            label="All categories"
            checked={!filters.category}
            onChange={() => apply((current) => ({ ...current, category: undefined }))}
          />
          {categories.map((category) => (
            <Choice
              key={category.value}
              type="radio"
              name={`${name}-category`}
              label={category.value}
              count={category.count}
              checked={filters.category === category.value}
              onChange={() => apply((current) => ({ ...current, category: category.value }))}
            />
          ))}
        </Group>
      )}
      {(facets.brands.length > 0 || filters.brand.length > 0) && (
        <BrandChoices facets={facets} filters={filters} apply={apply} />
      )}
      <Group legend="Price">
        <Choice
          type="radio"
          name={`${name}-price`}
          label="Any price"
          checked={anyPrice}
          onChange={() => apply((current) => ({ ...current, price_min: undefined, price_max: undefined }))}
        />
        {facets.prices.map((band) => {
          const bounds = bandBounds(band);
          return (
            <Choice
              key={band.min}
              type="radio"
              name={`${name}-price`}
              label={priceRangeLabel(bounds.price_min, bounds.price_max)}
              count={band.count}
              checked={bounds.price_min === filters.price_min && bounds.price_max === filters.price_max}
              onChange={() => apply((current) => ({ ...current, ...bounds }))}
            />
          );
        })}
        <PriceInputs filters={filters} apply={apply} />
      </Group>
      <Group legend="Customer rating">
        <Choice
          type="radio"
          name={`${name}-rating`}
          label="Any rating"
          checked={filters.rating_min === undefined}
          onChange={() => apply((current) => ({ ...current, rating_min: undefined }))}
        />
        {facets.ratings.map((band) => (
          <Choice
            key={band.min}
            type="radio"
            name={`${name}-rating`}
            label={`${band.min} ${band.min === 1 ? 'star' : 'stars'} & up`}
            count={band.count}
            checked={filters.rating_min === band.min}
            onChange={() => apply((current) => ({ ...current, rating_min: band.min }))}
          />
        ))}
      </Group>
      <Group legend="Availability">
        <Choice
          type="checkbox"
          name={`${name}-stock`}
          label="In stock only"
          count={facets.in_stock}
          checked={filters.in_stock}
          onChange={(checked) => apply((current) => ({ ...current, in_stock: checked }))}
        />
      </Group>
    </div>
  );
}
