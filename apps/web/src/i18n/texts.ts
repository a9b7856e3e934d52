import type { ConnectionState } from '@sobremesa/contracts';

/**
 * The interface's Spanish texts in one place, keyed the way i18next resources will be, so moving to
 * i18next (next issue) is a matter of turning this object into the `es` resource bundle.
 */
export const texts = {
  appName: 'Sobremesa',
  loadingVenue: 'Cargando el local…',
  venueUnavailable: 'No se ha podido cargar el local.',
  signIn: {
    heading: 'Acceso del personal',
    email: 'Correo electrónico',
    password: 'Contraseña',
    submit: 'Entrar',
    submitting: 'Entrando…',
  },
  session: {
    heading: 'Sesión iniciada',
    signedInAs: 'Has iniciado sesión como',
    signOut: 'Cerrar sesión',
    restoring: 'Recuperando la sesión…',
  },
  connection: {
    label: 'Conexión en tiempo real',
    idle: 'Inactiva',
    connecting: 'Conectando…',
    connected: 'Conectado',
    error: 'Sin conexión',
  } satisfies Record<ConnectionState | 'label', string>,
  events: {
    heading: 'Últimos eventos',
    empty: 'Todavía no ha llegado ningún evento.',
    resync: 'Se ha resincronizado en la secuencia',
  },
  errors: {
    network: 'No hay conexión con el servidor. Inténtalo de nuevo.',
    unexpected: 'El servidor ha respondido algo inesperado. Inténtalo de nuevo.',
  },
} as const;
