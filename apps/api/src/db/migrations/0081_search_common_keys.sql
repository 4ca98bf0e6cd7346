-- A search's keys without those every row of the company holds (docs/performance.md, 4 December): an order
-- number search ("ord-12345") keyed on "ord", the trigram of the company's number prefix, walks a posting list
-- as long as the company's orders (3.2 of its 3.3 ms on 400,000 orders); without it, 0.76 ms. Leaving keys out
-- never loses a match (the keys only narrow, the list's LIKE decides); when every key of the term is a common
-- one ("ord-"), all are kept, as a term with no key would read every row of the index. `common` is a parameter
-- of the list's statement (db/company-search.ts), not read in it: a subquery there hides the keys from the
-- planner, which then plans a parallel scan (14.5 ms).
CREATE FUNCTION company_search_keys(company bigint, pattern text, common text) RETURNS text[]
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  RETURN CASE
    WHEN company_trigrams(company, pattern) <@ coalesce(company_trigrams(company, common), '{}')
      THEN company_trigrams(company, pattern)
    ELSE ARRAY(SELECT k FROM unnest(company_trigrams(company, pattern)) AS k
                WHERE k <> ALL (coalesce(company_trigrams(company, common), '{}')))
  END;
