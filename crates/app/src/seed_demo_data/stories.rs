//! The demo's community stories: what members might write about the sessions in the
//! catalogue. Written for the demo; the authors are invented.
use chrono::{DateTime, Duration, Utc};
use playspace_domain::StoryId;
use playspace_domain::story::{Story, StorySummary, sanitize_content};

/// (days ago, title, category, author, excerpt, content as a member would type it).
const STORIES: [(i64, &str, &str, &str, &str, &str); 8] = [
    (
        2,
        "Back in the pool after twenty years",
        "Member Story",
        "Maya, Quiet Learn-to-Swim",
        "I hadn't swum since school. A quiet lane and a patient coach changed that in six weeks.",
        "The last time I was in a pool I was fourteen and hated every minute. Loud changing rooms, a teacher with a whistle, everyone watching.\n\nThe Quiet Adult Learn-to-Swim session at Swiss Cottage is nothing like that. The lights are low for the first half hour, there is no music, and the coach asked what I wanted before I got in: just to float without panicking.\n\nSix weeks later I can swim a width on my front. It sounds small. It isn't. If you have been putting it off, the shallow end is waiting and nobody there will rush you.",
    ),
    (
        6,
        "What a carers' kickabout gave me",
        "Wellness",
        "Dev, Carers' Walking Football",
        "An hour a week that is just mine, with people who understand why I sometimes have to leave early.",
        "I care for my dad, who has dementia. Most weeks my only time out of the house is the supermarket.\n\nA friend sent me the link to Carers' Walking Football in Charlton Park. No running, no tackling, and nobody minds if your phone rings and you have to step off for a minute. Half the group are in the same boat.\n\nI go home tired in a good way. We talk about football, not care plans. For one hour I am a centre half again.",
    ),
    (
        11,
        "Our first wheelchair basketball taster, in pictures and words",
        "Events",
        "The PlaySpace team",
        "Twenty-two people, eleven sports chairs and a lot of laughing at Mile End. Here is how the first taster went.",
        "We were not sure how many people would come to the first Wheelchair Basketball Taster at Mile End Leisure Centre. Twenty-two did, about half of them wheelchair users and half trying a sports chair for the first time.\n\nThe coaches started with pushing and turning, then passing on the move, then a short game where everyone played in a chair. The loudest cheer of the night went to a first basket from a ten-year-old who had never played before.\n\nThe taster now runs every month. Chairs are provided, so just bring water and something comfortable to wear.",
    ),
    (
        17,
        "Finding my people on a Thursday night",
        "Community",
        "Alex, LGBTQIA+ Pick-up Basketball",
        "I moved to London knowing nobody. Pick-up basketball at Talacre gave me a team and then some friends.",
        "When I moved to Kentish Town last spring I didn't know a single person in the city. I used to play basketball at university but had not picked up a ball in years.\n\nThe LGBTQIA+ Pick-up Basketball session was the first thing I found that didn't involve a bar. Teams get mixed every game, the rules are relaxed, and the pub afterwards is optional. I went the first time because I was lonely and kept going because I was having fun.\n\nThree of us now meet for breakfast on Sundays too. That started on court.",
    ),
    (
        24,
        "Five things I wish I'd known before my first session",
        "Wellness",
        "Sam, Inclusive Touch Rugby",
        "Nerves are normal. A few honest tips from someone who nearly turned back at the gate.",
        "I nearly turned round at the gate of Burgess Park before my first Inclusive Touch Rugby session. In case it helps someone else, this is what I learned.\n\nYou do not need any kit beyond trainers and clothes you can move in. Nobody expects you to know the rules; they are explained every week. Saying you want to sit out a drill is fine and nobody asks why. The session leader will tell you where the toilets are and how to get home if you ask. And everyone there was new once.\n\nI have been going for four months now. I still can't throw a spin pass, but I always leave smiling.",
    ),
    (
        31,
        "Swimming together after a long journey",
        "Member Story",
        "Amira, Refugee Welcome Swim",
        "At Brockwell Lido my children and I learned to enjoy water again, with people who made us feel at home.",
        "Water was not a happy thing for my family for a long time. When our support worker suggested the Refugee Welcome Swim at Brockwell Lido, I said no twice.\n\nThe third time I came to watch. The volunteers spoke to my children in simple English and a little Arabic, showed us the women's changing area, and let us stay on the side until we were ready.\n\nNow we go every fortnight. My daughter jumps in first. I am still slower, but I am in the water, and I am not afraid.",
    ),
    (
        38,
        "Why we run sessions the way we do",
        "Community",
        "The PlaySpace team",
        "Small groups, clear information and no pressure to perform: the ideas behind every PlaySpace session.",
        "People often ask why our sessions look the way they do. The short answer is that we asked the people who were not turning up to sport, and listened.\n\nSo every session page says exactly what to expect: the venue's step-free access, whether there are gender-neutral changing rooms, how loud it gets. Groups stay small enough that a leader learns your name. Prices are kept low, and some sessions are free, because cost should not decide who plays.\n\nIf something about a session stops you from coming, tell us through the contact page. That is how most of our changes start.",
    ),
    (
        45,
        "Sitting volleyball: harder than it looks, more fun than I expected",
        "Events",
        "Chris, Sitting Volleyball Taster",
        "I signed up as a supporter for a friend and ended up joining the game. My arms have not forgiven me.",
        "My friend uses a prosthetic leg and wanted to try sitting volleyball, so I came along to Seymour Leisure Centre to keep her company.\n\nThe coach would not let me sit on the bench. In sitting volleyball everyone plays on the floor, so there is no difference between us on court, and honestly she was much better than me.\n\nThe net is low, the court is small and the rallies are fast. Bring knee-length shorts and expect to use muscles you forgot you had. We are both going back next month.",
    ),
];

/// The stories, published over the past weeks, newest first.
pub fn stories(now: DateTime<Utc>) -> Vec<Story> {
    STORIES
        .iter()
        .map(
            |&(days_ago, title, category, author_name, excerpt, content)| Story {
                summary: StorySummary {
                    id: StoryId::new(),
                    title: title.into(),
                    excerpt: excerpt.into(),
                    category: category.into(),
                    author_name: author_name.into(),
                    published_at: now - Duration::days(days_ago),
                },
                // Cleaned exactly as a submission would be.
                content: sanitize_content(content),
            },
        )
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use playspace_domain::story::StoryForm;
    use playspace_test_support::test_now;

    #[test]
    fn every_demo_story_passes_the_forms_rules() {
        for story in stories(test_now()) {
            let s = story.summary;
            let form = StoryForm {
                title: s.title.clone(),
                content: story.content.clone(),
                excerpt: s.excerpt.clone(),
                category: s.category.clone(),
                author_name: s.author_name.clone(),
            };
            let kept = form.validate(None, test_now()).unwrap();
            assert_eq!(kept.content, story.content, "{}", s.title);
            assert!(s.published_at < test_now());
        }
    }
}
