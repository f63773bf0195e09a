CREATE TABLE "pay_gap_actions" (
	"company_id" text NOT NULL,
	"reporting_year" integer NOT NULL,
	"category" text NOT NULL,
	"kind" text NOT NULL,
	"note" text NOT NULL,
	"action_date" date NOT NULL,
	"recorded_by" text,
	"recorded_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "pay_gap_actions_company_id_reporting_year_category_pk" PRIMARY KEY("company_id","reporting_year","category"),
	CONSTRAINT "pay_gap_actions_kind_check" CHECK ("pay_gap_actions"."kind" in ('justification', 'remedy'))
);
--> statement-breakpoint
CREATE TABLE "payroll_employees" (
	"company_id" text NOT NULL,
	"reporting_year" integer NOT NULL,
	"employee_id" text NOT NULL,
	"sex" text NOT NULL,
	"category" text NOT NULL,
	"role" text,
	"position_level" text,
	"functional_area" text,
	"country" text NOT NULL,
	"fte" numeric(5, 4) NOT NULL,
	"basic_pay" numeric(12, 2) NOT NULL,
	"variable_pay" numeric(12, 2) NOT NULL,
	"hire_date" date,
	CONSTRAINT "payroll_employees_company_id_reporting_year_employee_id_pk" PRIMARY KEY("company_id","reporting_year","employee_id"),
	CONSTRAINT "payroll_employees_sex_check" CHECK ("payroll_employees"."sex" in ('woman', 'man', 'other'))
);
--> statement-breakpoint
CREATE TABLE "payroll_uploads" (
	"company_id" text NOT NULL,
	"reporting_year" integer NOT NULL,
	"headcount" integer NOT NULL,
	"uploaded_by" text,
	"uploaded_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payroll_uploads_company_id_reporting_year_pk" PRIMARY KEY("company_id","reporting_year")
);
--> statement-breakpoint
ALTER TABLE "pay_gap_actions" ADD CONSTRAINT "pay_gap_actions_recorded_by_users_id_fk" FOREIGN KEY ("recorded_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pay_gap_actions" ADD CONSTRAINT "pay_gap_actions_upload_fk" FOREIGN KEY ("company_id","reporting_year") REFERENCES "public"."payroll_uploads"("company_id","reporting_year") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payroll_employees" ADD CONSTRAINT "payroll_employees_upload_fk" FOREIGN KEY ("company_id","reporting_year") REFERENCES "public"."payroll_uploads"("company_id","reporting_year") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payroll_uploads" ADD CONSTRAINT "payroll_uploads_uploaded_by_users_id_fk" FOREIGN KEY ("uploaded_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;