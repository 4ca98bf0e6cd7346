-- Trigram matching for list search (drizzle-kit does not emit CREATE EXTENSION).
CREATE EXTENSION IF NOT EXISTS pg_trgm;
