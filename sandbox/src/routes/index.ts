import { advertisingRoutes } from './advertising';
import { appointmentRoutes } from './appointments';
import { areaRoutes } from './areas';
import { bidRoutes } from './bids';
import { budgetRoutes } from './budgets';
import { buyerRoutes } from './buyers';
import { categoryRoutes } from './categories';
import { contactRoutes } from './contacts';
import { crmContactListRoutes } from './crmContactLists';
import { crmContactRoutes } from './crmContacts';
import { electronicIdRoutes } from './electronicId';
import { estateRoutes } from './estates';
import { listingRoutes } from './listings';
import { presentAccommodationRoutes } from './presentAccommodation';
import { reportRoutes } from './reports';
import { searchProfileRoutes } from './searchProfiles';
import type { RouteModule } from './common';

/** Every area the sandbox serves. Add new areas here (see sandbox/README.md). */
export const ROUTE_MODULES: readonly RouteModule[] = [
	advertisingRoutes,
	listingRoutes,
	appointmentRoutes,
	areaRoutes,
	electronicIdRoutes,
	categoryRoutes,
	contactRoutes,
	bidRoutes,
	buyerRoutes,
	crmContactRoutes,
	crmContactListRoutes,
	presentAccommodationRoutes,
	reportRoutes,
	searchProfileRoutes,
	budgetRoutes,
	estateRoutes,
];
