import { withOrdinarySpaces } from './rich-text-spaces';

test('single spaces become ordinary spaces', () => {
  expect(withOrdinarySpaces('<p>Bookings&nbsp;are&nbsp;final.</p>')).toBe(
    '<p>Bookings are final.</p>',
  );
});

test('spaces typed in a row keep U+00A0 before the last one, so they still show', () => {
  expect(withOrdinarySpaces('<p>a&nbsp;&nbsp;b&nbsp;&nbsp;&nbsp;c\u00a0d</p>')).toBe(
    '<p>a\u00a0 b\u00a0\u00a0 c d</p>',
  );
});

test('the text "&nbsp;" typed by the author stays as typed', () => {
  expect(withOrdinarySpaces('<p>write&nbsp;&amp;nbsp;</p>')).toBe('<p>write &amp;nbsp;</p>');
});
