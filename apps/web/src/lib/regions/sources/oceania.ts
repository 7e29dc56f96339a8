import type { CountrySource } from '../types';

/** Australia: the 6 states and 2 mainland territories. */
export const AU: CountrySource = {
  divisions: [
    ['Australian Capital Territory', 'Canberra'],
    [
      'New South Wales',
      'Sydney, Newcastle, Wollongong, Central Coast, Wagga Wagga, Albury, Coffs Harbour, Tamworth',
    ],
    ['Northern Territory', 'Darwin, Alice Springs, Palmerston, Katherine'],
    ['Queensland', 'Brisbane, Gold Coast, Sunshine Coast, Townsville, Cairns, Toowoomba, Mackay'],
    ['South Australia', 'Adelaide, Mount Gambier, Whyalla, Port Augusta'],
    ['Tasmania', 'Hobart, Launceston, Devonport, Burnie'],
    ['Victoria', 'Melbourne, Geelong, Ballarat, Bendigo, Shepparton'],
    ['Western Australia', 'Perth, Mandurah, Bunbury, Geraldton, Kalgoorlie, Albany'],
  ],
};
