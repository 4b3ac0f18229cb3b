/**
 * The content of the three sample pitch decks shipped with the example project.
 * All companies, people and numbers are invented by the Workerbench team. The
 * decks differ in quality on purpose, so that an evaluation has something to tell.
 */
export interface SampleDeckSlide {
  title: string;
  lines: string[];
}

export interface SampleDeck {
  fileName: string;
  company: string;
  slides: SampleDeckSlide[];
}

export const SAMPLE_DECKS: SampleDeck[] = [
  {
    fileName: 'tidewater-robotics.pdf',
    company: 'Tidewater Robotics',
    slides: [
      { title: 'Tidewater Robotics', lines: ['Autonomous hull-cleaning robots for commercial ports', 'Seed round, 2026'] },
      {
        title: 'Problem',
        lines: [
          'Biofouling on ship hulls raises fuel consumption by up to 20 percent.',
          'Divers clean hulls by hand: slow, dangerous and banned in many ports.',
          'Shipping operators lose an estimated 6 billion dollars a year to fouling.',
        ],
      },
      {
        title: 'Solution',
        lines: [
          'A magnetic crawler robot that cleans a 300 m hull in 6 hours while the ship is loading.',
          'Captures removed material instead of releasing it into the harbour.',
          'Hull-condition reports for each cleaning, shared with the operator.',
        ],
      },
      {
        title: 'Market',
        lines: [
          'Serviceable market: 1,200 ports with regular container traffic.',
          'Total addressable market of 4.5 billion dollars per year in hull maintenance.',
          'Regulation (IMO biofouling guidelines) is pushing ports toward capture cleaning.',
        ],
      },
      {
        title: 'Traction',
        lines: [
          '14 paying customers in 3 ports; 1.2 million dollars annual recurring revenue.',
          'Revenue grew 3x year over year; net revenue retention 130 percent.',
          'Pilot signed with the second-largest port operator in Northern Europe.',
        ],
      },
      {
        title: 'Team',
        lines: [
          'CEO: 12 years in port operations; previously ran a 200-person terminal.',
          'CTO: PhD in marine robotics; shipped two underwater vehicles to production.',
          'Head of Sales: built the maritime sales team of an industrial IoT company.',
        ],
      },
      { title: 'The ask', lines: ['Raising 4 million dollars to expand to 10 ports and build 30 robots.'] },
    ],
  },
  {
    fileName: 'lumen-ledger.pdf',
    company: 'Lumen Ledger',
    slides: [
      { title: 'Lumen Ledger', lines: ['Bookkeeping on autopilot for freelancers', 'Pre-seed, 2026'] },
      {
        title: 'Problem',
        lines: [
          'Freelancers spend about 5 hours a month on receipts, invoices and tax categories.',
          'Accountants are expensive for small incomes; spreadsheets are error-prone.',
        ],
      },
      {
        title: 'Solution',
        lines: [
          'Connect a bank account and Lumen categorises every transaction and drafts the tax return.',
          'A weekly two-minute review replaces the monthly bookkeeping session.',
        ],
      },
      {
        title: 'Market',
        lines: [
          'There are 70 million freelancers in the US and Europe.',
          'If we capture 1 percent at 15 dollars a month, that is a 126 million dollar business.',
        ],
      },
      {
        title: 'Traction',
        lines: ['2,300 people on the waiting list; 180 beta users, 40 of them paying.', 'Monthly churn in the beta: 6 percent.'],
      },
      {
        title: 'Team',
        lines: ['Two founders: a former tax adviser and a full-stack engineer.', 'We are looking for a technical co-founder with machine-learning experience.'],
      },
      { title: 'The ask', lines: ['Raising 750 thousand dollars for 18 months of runway.'] },
    ],
  },
  {
    fileName: 'orbit-snacks.pdf',
    company: 'Orbit Snacks',
    slides: [
      { title: 'Orbit Snacks', lines: ['The next trillion-dollar snack company', 'Seed round'] },
      { title: 'Problem', lines: ['Snacks are boring.'] },
      {
        title: 'Solution',
        lines: ['Freeze-dried space-themed snacks, sold through a mobile app and on the blockchain.', 'Every bag is an NFT.'],
      },
      {
        title: 'Market',
        lines: ['The global snack market is 600 billion dollars and we have no competitors.', 'Guaranteed 100x return for early investors.'],
      },
      { title: 'Traction', lines: ['Coming soon. Our launch party had great feedback.'] },
      { title: 'Team', lines: ['Founder and visionary. Advisors to be announced.'] },
      { title: 'The ask', lines: ['Raising 10 million dollars at a 200 million dollar valuation.'] },
    ],
  },
];
