CREATE TABLE "inflation_rates" (
	"year" integer NOT NULL,
	"country" text,
	"rate" double precision NOT NULL,
	"estimate" boolean DEFAULT false NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "inflation_rates_rate_range" CHECK ("inflation_rates"."rate" >= -10 and "inflation_rates"."rate" <= 300)
);
--> statement-breakpoint
ALTER TABLE "search_history" ADD COLUMN "form_id" text;--> statement-breakpoint
CREATE UNIQUE INDEX "inflation_rates_year_country_key" ON "inflation_rates" USING btree ("year",coalesce("country", ''));--> statement-breakpoint
-- Yearly average consumer-price inflation (%) for the seeded countries, 2023–2026, and for the euro area (country
-- null: groups spanning several countries, whose pay is in EUR). Sources: 2023 and 2024, the national statistics
-- offices' annual average CPI (INE Spain, INE Portugal, INSEE, Destatis, ISTAT NIC, ONS CPI, CBS, BLS CPI-U, INEGI,
-- DANE, INE Chile, INDEC) and Eurostat's euro-area HICP; 2025 and 2026, the IMF World Economic Outlook (October
-- 2025) projections, marked as estimates until an admin enters the final figures (forms/configs/inflation-data).
insert into inflation_rates (year, country, rate, estimate) values
  (2023, null, 5.4, false), (2024, null, 2.4, false), (2025, null, 2.1, true), (2026, null, 1.9, true),
  (2023, 'es', 3.5, false), (2024, 'es', 2.8, false), (2025, 'es', 2.5, true), (2026, 'es', 2.0, true),
  (2023, 'pt', 4.3, false), (2024, 'pt', 2.4, false), (2025, 'pt', 2.2, true), (2026, 'pt', 2.0, true),
  (2023, 'fr', 4.9, false), (2024, 'fr', 2.0, false), (2025, 'fr', 1.0, true), (2026, 'fr', 1.3, true),
  (2023, 'de', 5.9, false), (2024, 'de', 2.2, false), (2025, 'de', 2.1, true), (2026, 'de', 1.9, true),
  (2023, 'it', 5.7, false), (2024, 'it', 1.0, false), (2025, 'it', 1.7, true), (2026, 'it', 1.8, true),
  (2023, 'gb', 7.3, false), (2024, 'gb', 2.5, false), (2025, 'gb', 3.4, true), (2026, 'gb', 2.5, true),
  (2023, 'nl', 3.8, false), (2024, 'nl', 3.3, false), (2025, 'nl', 3.0, true), (2026, 'nl', 2.5, true),
  (2023, 'us', 4.1, false), (2024, 'us', 2.9, false), (2025, 'us', 2.7, true), (2026, 'us', 2.4, true),
  (2023, 'mx', 5.5, false), (2024, 'mx', 4.7, false), (2025, 'mx', 3.8, true), (2026, 'mx', 3.5, true),
  (2023, 'co', 11.7, false), (2024, 'co', 6.6, false), (2025, 'co', 5.0, true), (2026, 'co', 3.8, true),
  (2023, 'cl', 7.6, false), (2024, 'cl', 3.9, false), (2025, 'cl', 4.3, true), (2026, 'cl', 3.2, true),
  (2023, 'ar', 133.5, false), (2024, 'ar', 219.9, false), (2025, 'ar', 41.3, true), (2026, 'ar', 16.4, true);
--> statement-breakpoint
-- The euro-area list the seed kept under configs.inflationData is superseded by the table above.
delete from configs where key = 'inflationData';
--> statement-breakpoint
-- Evolution answers keep the rates in memory with the release pointer (statisticsSettings.ts): any write tells
-- every instance, as writes of the threshold and the exchange rates do (0004).
create trigger paybench_statistics_notify_inflation after insert or update or delete or truncate on inflation_rates
     for each statement execute function paybench_statistics_notify();
