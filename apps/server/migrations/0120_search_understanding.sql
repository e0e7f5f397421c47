-- Search that understands what seekers type (decision 0601).
--
-- 1. States by name and code, with a centroid (the mean of their zip codes), so "Texas", "TX" and
--    "Austin, Texas" are understood and a state search can offer its nearest jobs. A shared reference
--    table like the rest of the gazetteer (0101).
CREATE TABLE geo_states (code text PRIMARY KEY, name text NOT NULL, lat double precision NOT NULL, lng double precision NOT NULL);
INSERT INTO geo_states (code, name, lat, lng)
SELECT s.code, s.name, avg(z.lat), avg(z.lng)
  FROM (VALUES
    ('AL', 'Alabama'), ('AK', 'Alaska'), ('AZ', 'Arizona'), ('AR', 'Arkansas'), ('CA', 'California'), ('CO', 'Colorado'),
    ('CT', 'Connecticut'), ('DE', 'Delaware'), ('DC', 'District of Columbia'), ('FL', 'Florida'), ('GA', 'Georgia'),
    ('HI', 'Hawaii'), ('ID', 'Idaho'), ('IL', 'Illinois'), ('IN', 'Indiana'), ('IA', 'Iowa'), ('KS', 'Kansas'),
    ('KY', 'Kentucky'), ('LA', 'Louisiana'), ('ME', 'Maine'), ('MD', 'Maryland'), ('MA', 'Massachusetts'),
    ('MI', 'Michigan'), ('MN', 'Minnesota'), ('MS', 'Mississippi'), ('MO', 'Missouri'), ('MT', 'Montana'),
    ('NE', 'Nebraska'), ('NV', 'Nevada'), ('NH', 'New Hampshire'), ('NJ', 'New Jersey'), ('NM', 'New Mexico'),
    ('NY', 'New York'), ('NC', 'North Carolina'), ('ND', 'North Dakota'), ('OH', 'Ohio'), ('OK', 'Oklahoma'),
    ('OR', 'Oregon'), ('PA', 'Pennsylvania'), ('RI', 'Rhode Island'), ('SC', 'South Carolina'), ('SD', 'South Dakota'),
    ('TN', 'Tennessee'), ('TX', 'Texas'), ('UT', 'Utah'), ('VT', 'Vermont'), ('VA', 'Virginia'), ('WA', 'Washington'),
    ('WV', 'West Virginia'), ('WI', 'Wisconsin'), ('WY', 'Wyoming'), ('PR', 'Puerto Rico'), ('GU', 'Guam'),
    ('VI', 'U.S. Virgin Islands'), ('AS', 'American Samoa'), ('MP', 'Northern Mariana Islands')
  ) AS s(code, name)
  JOIN geo_zip_codes z ON z.state = s.code
 GROUP BY s.code, s.name;

-- 2. A city's centre is the median of its zip codes' positions, not their mean: a few far-off zip
--    codes under a city's name (post-office boxes, unique zips) pulled the mean of New York, NY 50 miles
--    east, so "New York, NY" found nothing within 25 miles of Manhattan.
UPDATE geo_cities c SET lat = m.lat, lng = m.lng
  FROM (SELECT lower(city) AS city, state,
               percentile_cont(0.5) WITHIN GROUP (ORDER BY lat) AS lat, percentile_cont(0.5) WITHIN GROUP (ORDER BY lng) AS lng
          FROM geo_zip_codes GROUP BY lower(city), state) m
 WHERE lower(c.city) = m.city AND c.state = m.state;

-- 3. Typos in place names ("Chicgo"): a trigram index over city names, so the closest city is found
--    by the index (pg_trgm's % operator) instead of comparing the 29,000 cities one by one.
CREATE INDEX geo_cities_name_trgm_idx ON geo_cities USING gin (lower(city) gin_trgm_ops);

-- 4. The client's own job-title synonyms ("RN" = "registered nurse"), added to the built-in list
--    (apps/server/src/search-synonyms/built-in.ts). One row is one group of terms that mean the same.
CREATE TABLE search_synonyms (
  client_id uuid NOT NULL REFERENCES clients (id) ON DELETE CASCADE,
  id uuid NOT NULL DEFAULT gen_random_uuid(),
  terms text[] NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (client_id, id)
);
