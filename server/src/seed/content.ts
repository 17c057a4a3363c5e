/** The four editor pages (with FAQs) and list-screen content items of both types and states. */
import type { staticContents } from '../db/schema.js';
import type { SeedContext } from './context.js';

export function generateContent({
  uuid,
  pastDate,
}: SeedContext): (typeof staticContents.$inferInsert)[] {
  const page = (
    slug: string,
    title: string,
    content: string,
    extra: Partial<typeof staticContents.$inferInsert> = {},
  ) => {
    const createdAt = pastDate(200);
    return {
      id: uuid(),
      slug,
      title,
      content,
      type: 'page' as const,
      status: 'draft' as const,
      faqs: [],
      createdAt,
      updatedAt: createdAt,
      ...extra,
    };
  };
  return [
    page(
      'privacy-policy',
      'Privacy Policy',
      '<h2>Privacy Policy</h2><p>We collect only the data needed to handle your bookings and orders.</p>',
    ),
    page(
      'terms-and-conditions',
      'Terms & Conditions',
      "<h2>Terms &amp; Conditions</h2><p>Bookings are subject to each restaurant's availability.</p>",
    ),
    page('about-us', 'About Us', '<p>We connect diners with the best restaurants in town.</p>'),
    page('frequently-asked-questions', 'FAQs', '<p>Frequently asked questions</p>', {
      faqs: [
        {
          _id: uuid(),
          question: 'How do I cancel a booking?',
          answer: 'Open the booking in the app and choose Cancel.',
        },
        {
          _id: uuid(),
          question: 'When am I charged?',
          answer: 'When the restaurant confirms your booking.',
        },
        {
          _id: uuid(),
          question: 'Can I order food ahead?',
          answer: 'Yes, add dishes to your booking before you arrive.',
        },
      ],
    }),
    page(
      'how-booking-works',
      'How booking works',
      '<p>Pick a restaurant, a time and your party size.</p>',
      { status: 'published' },
    ),
    page(
      'partner-with-us',
      'Partner with us',
      '<p>Restaurants can join the marketplace in minutes.</p>',
    ),
    page('home-hero', 'Home hero', '<p>Book a table tonight.</p>', {
      type: 'section',
      status: 'published',
    }),
    page('footer-contact', 'Footer contact', '<p>support@example.com</p>', { type: 'section' }),
  ];
}
