/**
 * The career-site blocks (decision 0030): one definition used by the Puck editor (apps/web
 * features/site-builder, which turns `fields` into Puck fields) and by the server renderer
 * (apps/server/src/sites/blocks.ts, which renders each `type` to HTML). Links that start with
 * "/" are site paths: the renderer puts the site's base in front (/{nameSlug} on the product
 * host, nothing on a custom domain).
 */
export type BlockField =
  | { type: 'text'; label: string }
  | { type: 'textarea'; label: string }
  /** Formatted text: the editor shows the portal's rich-text editor; stored as sanitised HTML (packages/html rich-text.ts). */
  | { type: 'richtext'; label: string }
  | { type: 'url'; label: string }
  /** An image address: the editor offers an upload (api/image/upload) beside the address field. */
  | { type: 'image'; label: string }
  /** A video address: the editor offers an upload (api/video/get-upload-url, purpose page) beside the address field. */
  | { type: 'video'; label: string }
  | { type: 'select'; label: string; options: Array<{ label: string; value: string }> }
  | { type: 'number'; label: string; min?: number; max?: number }
  | { type: 'department'; label: string }
  | { type: 'list'; label: string; fields: Record<string, { type: 'text' | 'textarea' | 'url'; label: string }>; titleField: string };

export interface BlockDefinition {
  type: string;
  label: string;
  category: 'layout' | 'content' | 'jobs' | 'people';
  fields: Record<string, BlockField>;
  defaultProps: Record<string, unknown>;
}

const link = { label: { type: 'text', label: 'Label' }, href: { type: 'url', label: 'Address' } } as const;

export const blockDefinitions: BlockDefinition[] = [
  {
    type: 'Header',
    label: 'Header',
    category: 'layout',
    fields: { links: { type: 'list', label: 'Links', fields: link, titleField: 'label' } },
    defaultProps: {
      links: [
        { label: 'Jobs', href: '/search-page' },
        { label: 'Benefits', href: '/benefits' },
      ],
    },
  },
  {
    type: 'Hero',
    label: 'Hero',
    category: 'content',
    fields: {
      title: { type: 'text', label: 'Title' },
      subtitle: { type: 'textarea', label: 'Subtitle' },
      image: { type: 'image', label: 'Background image' },
      video: { type: 'video', label: 'Background video' },
      ctaLabel: { type: 'text', label: 'Button label' },
      ctaHref: { type: 'url', label: 'Button address' },
      align: {
        type: 'select',
        label: 'Alignment',
        options: [
          { label: 'Left', value: 'left' },
          { label: 'Centre', value: 'center' },
        ],
      },
    },
    defaultProps: {
      title: 'Do the best work of your life',
      subtitle: 'Join a team that cares.',
      image: '',
      video: '',
      ctaLabel: 'See open jobs',
      ctaHref: '/search-page',
      align: 'left',
    },
  },
  {
    type: 'RichText',
    label: 'Rich text',
    category: 'content',
    fields: { heading: { type: 'text', label: 'Heading' }, text: { type: 'richtext', label: 'Text' } },
    defaultProps: { heading: 'Our story', text: '<p>Tell candidates who you are and why your work matters.</p>' },
  },
  {
    type: 'Image',
    label: 'Image',
    category: 'content',
    fields: { src: { type: 'image', label: 'Image' }, alt: { type: 'text', label: 'Description (alt text)' }, caption: { type: 'text', label: 'Caption' } },
    defaultProps: { src: '', alt: '', caption: '' },
  },
  {
    type: 'Video',
    label: 'Video',
    category: 'content',
    fields: { src: { type: 'video', label: 'Video' }, poster: { type: 'image', label: 'Poster image' }, title: { type: 'text', label: 'Title' } },
    defaultProps: { src: '', poster: '', title: '' },
  },
  {
    type: 'JobSearch',
    label: 'Job search box',
    category: 'jobs',
    fields: { heading: { type: 'text', label: 'Heading' }, placeholder: { type: 'text', label: 'Placeholder' } },
    defaultProps: { heading: 'Find your next job', placeholder: 'Job title or skill' },
  },
  {
    type: 'JobList',
    label: 'Job list',
    category: 'jobs',
    fields: {
      heading: { type: 'text', label: 'Heading' },
      departmentId: { type: 'department', label: 'Department' },
      keywords: { type: 'text', label: 'Keywords' },
      location: { type: 'text', label: 'Location (city, state or ZIP)' },
      limit: { type: 'number', label: 'How many', min: 1, max: 20 },
    },
    defaultProps: { heading: 'Open jobs', departmentId: '', keywords: '', location: '', limit: 6 },
  },
  {
    type: 'Departments',
    label: 'Departments grid',
    category: 'jobs',
    fields: { heading: { type: 'text', label: 'Heading' } },
    defaultProps: { heading: 'Explore our teams' },
  },
  {
    type: 'MeetTheTeam',
    label: 'Meet-the-team strip',
    category: 'people',
    fields: {
      heading: { type: 'text', label: 'Heading' },
      departmentId: { type: 'department', label: 'Department' },
      limit: { type: 'number', label: 'How many', min: 1, max: 12 },
    },
    defaultProps: { heading: 'Meet your team', departmentId: '', limit: 4 },
  },
  {
    type: 'Motivators',
    label: 'Motivators',
    category: 'people',
    fields: { heading: { type: 'text', label: 'Heading' } },
    defaultProps: { heading: 'Why people join us' },
  },
  {
    type: 'Testimonials',
    label: 'Testimonials',
    category: 'people',
    fields: {
      heading: { type: 'text', label: 'Heading' },
      items: {
        type: 'list',
        label: 'Quotes',
        titleField: 'name',
        fields: { quote: { type: 'textarea', label: 'Quote' }, name: { type: 'text', label: 'Name' }, role: { type: 'text', label: 'Role' } },
      },
    },
    defaultProps: { heading: 'In their words', items: [{ quote: 'I found a team that has my back.', name: 'Jordan', role: 'Registered Nurse' }] },
  },
  {
    type: 'Benefits',
    label: 'Benefits',
    category: 'content',
    fields: {
      heading: { type: 'text', label: 'Heading' },
      items: {
        type: 'list',
        label: 'Benefits',
        titleField: 'title',
        fields: { title: { type: 'text', label: 'Title' }, text: { type: 'textarea', label: 'Text' } },
      },
    },
    defaultProps: {
      heading: 'Benefits',
      items: [
        { title: 'Health from day one', text: 'Medical, dental and vision cover from your first day.' },
        { title: 'Paid time off', text: 'Generous leave that grows with you.' },
        { title: 'Tuition paid', text: 'We pay for the courses that grow your career.' },
      ],
    },
  },
  {
    type: 'Stats',
    label: 'Statistics',
    category: 'content',
    fields: {
      heading: { type: 'text', label: 'Heading' },
      items: {
        type: 'list',
        label: 'Figures',
        titleField: 'label',
        fields: { value: { type: 'text', label: 'Figure' }, label: { type: 'text', label: 'Label' } },
      },
    },
    defaultProps: {
      heading: 'By the numbers',
      items: [
        { value: '2,400', label: 'colleagues' },
        { value: '12', label: 'locations' },
        { value: '94%', label: 'would recommend us' },
      ],
    },
  },
  {
    type: 'CallToAction',
    label: 'Call to action',
    category: 'content',
    fields: {
      heading: { type: 'text', label: 'Heading' },
      text: { type: 'textarea', label: 'Text' },
      buttonLabel: { type: 'text', label: 'Button label' },
      buttonHref: { type: 'url', label: 'Button address' },
    },
    defaultProps: { heading: 'Ready to join us?', text: 'Find the job that fits you.', buttonLabel: 'Search jobs', buttonHref: '/search-page' },
  },
  {
    type: 'Faq',
    label: 'FAQ',
    category: 'content',
    fields: {
      heading: { type: 'text', label: 'Heading' },
      items: {
        type: 'list',
        label: 'Questions',
        titleField: 'question',
        fields: { question: { type: 'text', label: 'Question' }, answer: { type: 'textarea', label: 'Answer' } },
      },
    },
    defaultProps: { heading: 'Questions', items: [{ question: 'How long does hiring take?', answer: 'Most people hear from us within a week.' }] },
  },
  {
    type: 'JobMap',
    label: 'Map of open jobs',
    category: 'jobs',
    fields: { heading: { type: 'text', label: 'Heading' } },
    defaultProps: { heading: 'Where we hire' },
  },
  {
    type: 'Footer',
    label: 'Footer',
    category: 'layout',
    fields: { text: { type: 'text', label: 'Text' }, links: { type: 'list', label: 'Links', fields: link, titleField: 'label' } },
    defaultProps: { text: '', links: [{ label: 'All jobs', href: '/search-page' }] },
  },
];

export const blockByType = new Map(blockDefinitions.map((b) => [b.type, b]));
