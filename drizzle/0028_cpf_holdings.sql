CREATE TABLE "cpf_holdings" (
	"event_id" uuid NOT NULL,
	"holder" text NOT NULL,
	"units" integer DEFAULT 0 NOT NULL,
	"meias" integer DEFAULT 0 NOT NULL,
	"unit_limit" integer,
	CONSTRAINT "cpf_holdings_event_id_holder_pk" PRIMARY KEY("event_id","holder"),
	CONSTRAINT "cpf_holdings_non_negative" CHECK ("cpf_holdings"."units" >= 0 AND "cpf_holdings"."meias" >= 0),
	CONSTRAINT "cpf_holdings_one_meia" CHECK ("cpf_holdings"."meias" <= 1),
	CONSTRAINT "cpf_holdings_within_limit" CHECK ("cpf_holdings"."unit_limit" IS NULL OR "cpf_holdings"."units" <= "cpf_holdings"."unit_limit")
);
--> statement-breakpoint
ALTER TABLE "cpf_holdings" ADD CONSTRAINT "cpf_holdings_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
INSERT INTO "cpf_holdings" ("event_id", "holder", "units", "meias")
SELECT event_id, holder, sum(units)::int, least(sum(meias), 1)::int FROM (
  SELECT o.event_id, 'cpf:' || coalesce(i.holder_cpf, nullif(i.holder_cpfs[n], ''), o.buyer_cpf) AS holder, 1 AS units, (i.concession IS NOT NULL)::int AS meias
  FROM orders o JOIN order_items i ON i.order_id = o.id CROSS JOIN LATERAL generate_series(1, i.quantity) AS n
  WHERE o.status = 'pending' AND coalesce(i.holder_cpf, nullif(i.holder_cpfs[n], ''), o.buyer_cpf) <> ''
  UNION ALL
  SELECT o.event_id, 'account:' || o.user_id, i.quantity, 0
  FROM orders o JOIN order_items i ON i.order_id = o.id WHERE o.status = 'pending' AND o.user_id IS NOT NULL
  UNION ALL
  SELECT t.event_id, 'cpf:' || coalesce(t.holder_cpf, CASE WHEN t.user_id IS DISTINCT FROM o.user_id THEN '' ELSE o.buyer_cpf END), 1, (t.concession IS NOT NULL)::int
  FROM tickets t JOIN orders o ON o.id = t.order_id
  WHERE t.status = 'valid' AND o.status = 'completed' AND coalesce(t.holder_cpf, CASE WHEN t.user_id IS DISTINCT FROM o.user_id THEN '' ELSE o.buyer_cpf END) <> ''
  UNION ALL
  SELECT t.event_id, 'account:' || t.user_id, 1, 0
  FROM tickets t JOIN orders o ON o.id = t.order_id WHERE t.status = 'valid' AND o.status = 'completed' AND t.user_id IS NOT NULL
) held GROUP BY event_id, holder;
