/** What other features may use of restaurants (the bookings screen names its ?restaurant=). */
export { useGetRestaurantQuery } from './restaurants-api';
