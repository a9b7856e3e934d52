import 'i18next';
import type admin from './locales/es/admin.json';
import type adminMenus from './locales/es/adminMenus.json';
import type auth from './locales/es/auth.json';
import type commander from './locales/es/commander.json';
import type common from './locales/es/common.json';
import type consent from './locales/es/consent.json';
import type copilot from './locales/es/copilot.json';
import type feedback from './locales/es/feedback.json';
import type floor from './locales/es/floor.json';
import type guestAccount from './locales/es/guestAccount.json';
import type home from './locales/es/home.json';
import type kiosk from './locales/es/kiosk.json';
import type kitchen from './locales/es/kitchen.json';
import type menu from './locales/es/menu.json';
import type notifications from './locales/es/notifications.json';
import type pos from './locales/es/pos.json';
import type reports from './locales/es/reports.json';
import type reservations from './locales/es/reservations.json';
import type reviews from './locales/es/reviews.json';
import type shell from './locales/es/shell.json';
import type takeaway from './locales/es/takeaway.json';
import type till from './locales/es/till.json';
import type takeawayStaff from './locales/es/takeawayStaff.json';
import type voice from './locales/es/voice.json';

// Keys are checked against the Spanish files, the source every other language is translated from.
declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'common';
    resources: {
      admin: typeof admin;
      adminMenus: typeof adminMenus;
      auth: typeof auth;
      commander: typeof commander;
      common: typeof common;
      consent: typeof consent;
      copilot: typeof copilot;
      feedback: typeof feedback;
      floor: typeof floor;
      guestAccount: typeof guestAccount;
      home: typeof home;
      kiosk: typeof kiosk;
      kitchen: typeof kitchen;
      menu: typeof menu;
      notifications: typeof notifications;
      pos: typeof pos;
      reports: typeof reports;
      reservations: typeof reservations;
      reviews: typeof reviews;
      shell: typeof shell;
      takeaway: typeof takeaway;
      till: typeof till;
      takeawayStaff: typeof takeawayStaff;
      voice: typeof voice;
    };
  }
}
