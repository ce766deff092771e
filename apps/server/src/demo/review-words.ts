/** Short review texts by star rating, as shoppers write them; some reviews leave the text empty. */
export const REVIEW_TEXTS: Record<1 | 2 | 3 | 4 | 5, readonly string[]> = {
  5: [
    'Exactly as described, and it arrived early. Very happy with it.',
    'Excellent quality for the price. Would buy again.',
    'Love it! Well made and looks even better in person.',
    'Five stars. Does everything I wanted and more.',
    'Bought this as a gift and they were delighted.',
    'Great value, solid build, fast delivery.',
    'Works perfectly. Setup took two minutes.',
    'Better than the one I had before, by a long way.',
  ],
  4: [
    'Very good overall; the packaging could be better.',
    'Does the job well. Took a little longer to arrive than expected.',
    'Nice quality. The colour is slightly darker than in the photos.',
    'Good product for the price, with a few small niggles.',
    'Happy with it so far. Instructions were a bit thin.',
  ],
  3: [
    'It is fine. Nothing special, but it works.',
    'Average quality; you get what you pay for.',
    'Okay, though smaller than I expected.',
  ],
  2: [
    'Not great. It stopped working properly after a few weeks.',
    'The finish scratches easily. Disappointed.',
  ],
  1: ['Arrived damaged and did not work.', 'Poor quality, not as described.'],
};

/** How sellers answer reviews, by whether the review was good (4 or 5 stars). */
export const SELLER_REPLIES = {
  good: [
    'Thank you for the kind words! Enjoy it.',
    'So glad you like it, and thanks for taking the time to review.',
  ],
  poor: [
    'Sorry to hear that. Please contact us and we will make it right.',
    'Thanks for the feedback. We have passed it on to our quality team.',
  ],
} as const;
