/** Rules of notification routing and timing (issue 8). */
export {};
