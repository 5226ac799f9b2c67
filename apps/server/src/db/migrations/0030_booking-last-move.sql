-- The diary's last one-tap move of a booking (arrived, seated, left): the status it came from and
-- when, so the move can be undone for a few minutes (decision 65).
ALTER TABLE "bookings" ADD COLUMN "last_move_from" text;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "last_move_at" timestamp with time zone;