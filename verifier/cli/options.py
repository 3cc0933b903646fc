"""Options shared by several commands: the rule readings and the thread count."""
from ..rules import Rules, WHEEL_CHOICES, BONUS_READING_CHOICES, HOUSE_WAY_CHOICES


def add_rule_options(parser):
    group = parser.add_argument_group("rule readings (docs/RULES_READINGS.md)")
    group.add_argument("--wheel", choices=WHEEL_CHOICES, default="lowest",
                       help="rank of A-2-3-4-5: lowest straight (default) or second-highest")
    group.add_argument("--bonus-reading", choices=BONUS_READING_CHOICES, default="seven-card",
                       help="Outlaw 9 categories read from all seven cards (default) or "
                            "from the two hands as the house way sets them")
    group.add_argument("--house-way", choices=HOUSE_WAY_CHOICES, default="mikes",
                       help="house way (default: Mike's Cardroom)")


def add_thread_option(parser):
    parser.add_argument("--threads", type=int, default=None, metavar="N",
                        help="worker threads (default: OMP_NUM_THREADS, else every core)")


def rules_from_args(args):
    return Rules(wheel=args.wheel, bonus_reading=args.bonus_reading, house_way=args.house_way)
