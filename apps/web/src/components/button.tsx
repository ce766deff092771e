import type { ButtonHTMLAttributes, Ref } from 'react';

export type ButtonVariant = 'primary' | 'secondary' | 'outline' | 'danger' | 'danger-outline';
export type ButtonSize = 'xs' | 'sm' | 'md' | 'lg';

// aria-disabled is the busy state of a button that keeps its focus while it works (see LoadMore).
const base =
  'inline-flex items-center justify-center gap-2 rounded-lg text-center font-semibold transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 disabled:cursor-not-allowed disabled:opacity-60 aria-disabled:cursor-wait aria-disabled:opacity-80';

const variants: Record<ButtonVariant, string> = {
  primary: 'bg-teal-700 text-white shadow-sm hover:bg-teal-800 focus-visible:outline-teal-700',
  secondary:
    'bg-white text-gray-700 ring-1 ring-gray-300 ring-inset hover:bg-gray-50 focus-visible:outline-teal-700',
  outline:
    'bg-white text-teal-800 ring-1 ring-teal-700 ring-inset hover:bg-teal-50 focus-visible:outline-teal-700',
  danger: 'bg-rose-700 text-white shadow-sm hover:bg-rose-800 focus-visible:outline-rose-700',
  'danger-outline':
    'bg-white text-rose-700 ring-1 ring-rose-300 ring-inset hover:bg-rose-50 focus-visible:outline-rose-700',
};

const sizes: Record<ButtonSize, string> = {
  xs: 'px-2.5 py-1 text-xs',
  sm: 'px-3 py-1.5 text-sm',
  md: 'px-5 py-2.5',
  lg: 'px-6 py-3',
};

/** The classes of a button, for the links that look like one (react-router's Link). */
export function buttonClass({
  variant = 'primary',
  size = 'md',
  className = '',
}: { variant?: ButtonVariant; size?: ButtonSize; className?: string } = {}): string {
  return `${base} ${variants[variant]} ${sizes[size]} ${className}`.trim();
}

/** The text link of a sentence or a message (not a button's look). */
export const textLinkClass =
  'font-medium text-teal-700 underline-offset-2 hover:underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-teal-700';

/** A button of the shop; `className` adds layout only (width, margins), never colours. */
export function Button({
  variant,
  size,
  className,
  type = 'button',
  ...props
}: ButtonHTMLAttributes<HTMLButtonElement> & {
  variant?: ButtonVariant;
  size?: ButtonSize;
  ref?: Ref<HTMLButtonElement>;
}) {
  return <button type={type} className={buttonClass({ variant, size, className })} {...props} />;
}
