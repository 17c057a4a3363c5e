-- Admin notes and FAQ questions/answers are plain text from now on. Values stored before were
-- HTML cleaned by the server ("a &amp; b", "<strong>x</strong>"), shown by the screens as their
-- text: each becomes that text (tags removed, the entities the cleaner wrote decoded, &amp; last).
UPDATE "bookings" SET "admin_notes" = replace(replace(replace(replace(regexp_replace("admin_notes", '<[^>]*>', '', 'g'), '&lt;', '<'), '&gt;', '>'), '&quot;', '"'), '&amp;', '&')
WHERE "admin_notes" ~ '[<&]';
--> statement-breakpoint
UPDATE "static_contents" SET "faqs" = (
  SELECT coalesce(jsonb_agg(
    jsonb_set(jsonb_set(faq, '{question}', to_jsonb(replace(replace(replace(replace(regexp_replace(faq->>'question', '<[^>]*>', '', 'g'), '&lt;', '<'), '&gt;', '>'), '&quot;', '"'), '&amp;', '&'))),
      '{answer}', to_jsonb(replace(replace(replace(replace(regexp_replace(faq->>'answer', '<[^>]*>', '', 'g'), '&lt;', '<'), '&gt;', '>'), '&quot;', '"'), '&amp;', '&')))
    ORDER BY position), '[]'::jsonb)
  FROM jsonb_array_elements("faqs") WITH ORDINALITY AS entry(faq, position)
)
WHERE "faqs"::text ~ '[<&]';
