//! Community stories against both backends: the published list's keyset pages, one
//! story, and submissions with their review notices.
#![allow(clippy::unwrap_used, clippy::expect_used)]

mod common;

use chrono::Duration;
use common::TestStore;
use playspace_domain::StoryId;
use playspace_domain::story::{Story, StorySummary};
use playspace_ports::{
    DemoData, DemoSeedStore, NotificationRepository, RepoError, StoryRepository,
};
use playspace_store::Store;
use playspace_test_support::test_now;

on_both_backends!(
    pages_run_newest_first_without_gaps_or_repeats,
    only_published_stories_are_read,
    a_submission_waits_unpublished_and_notifies_the_team,
    demo_stories_are_written_only_into_an_empty_table
);

fn story(n: i64, minutes_ago: i64) -> Story {
    Story {
        summary: StorySummary {
            id: StoryId::new(),
            title: format!("Story {n}"),
            excerpt: format!("The summary of story number {n}."),
            category: "Community".into(),
            author_name: "A member".into(),
            published_at: test_now() - Duration::minutes(minutes_ago),
        },
        content: format!("<p>Story {n}</p>"),
    }
}

fn publish(store: &Store, stories: Vec<Story>) {
    store
        .insert_demo_data(&DemoData {
            stories,
            seeded_at: test_now(),
            ..Default::default()
        })
        .unwrap();
}

fn titles(items: &[StorySummary]) -> Vec<String> {
    items.iter().map(|s| s.title.clone()).collect()
}

fn pages_run_newest_first_without_gaps_or_repeats(store: &TestStore) {
    // 13 stories; 4, 5 and 6 share one instant, so the id breaks the tie.
    let stories: Vec<Story> = (0..13)
        .map(|n| story(n, if (4..=6).contains(&n) { 100 } else { n * 10 }))
        .collect();
    publish(store, stories.clone());
    let mut expected = stories.clone();
    expected.sort_by(|a, b| {
        (b.summary.published_at, b.summary.id).cmp(&(a.summary.published_at, a.summary.id))
    });
    let mut seen = vec![];
    let mut after = None;
    let mut sizes = vec![];
    loop {
        let page = store.published_stories(after, 6).unwrap();
        sizes.push(page.items.len());
        seen.extend(page.items);
        match page.next {
            Some(next) => after = Some(next),
            None => break,
        }
    }
    assert_eq!(sizes, [6, 6, 1]);
    assert_eq!(
        titles(&seen),
        titles(
            &expected
                .iter()
                .map(|s| s.summary.clone())
                .collect::<Vec<_>>()
        )
    );
    // A page that ends exactly at the last story says no more follow.
    let all = store.published_stories(None, 13).unwrap();
    assert_eq!(all.items.len(), 13);
    assert_eq!(all.next, None);
    let twelve = store.published_stories(None, 12).unwrap();
    let rest = store.published_stories(twelve.next, 12).unwrap();
    assert_eq!(titles(&rest.items), ["Story 12"]);
    assert_eq!(rest.next, None);
}

fn only_published_stories_are_read(store: &TestStore) {
    let shown = story(1, 5);
    publish(store, vec![shown.clone()]);
    let waiting = playspace_domain::story::StoryForm {
        title: "Waiting for review".into(),
        content: "x".repeat(60),
        excerpt: "A story that is not published yet.".into(),
        category: "Wellness".into(),
        author_name: "Sam".into(),
    }
    .validate(None, test_now())
    .unwrap();
    store.submit_story(&waiting).unwrap();
    let page = store.published_stories(None, 24).unwrap();
    assert_eq!(titles(&page.items), ["Story 1"]);
    assert_eq!(store.published_story(shown.summary.id).unwrap(), shown);
    assert_eq!(store.published_story(waiting.id), Err(RepoError::NotFound));
    assert_eq!(
        store.published_story(StoryId::new()),
        Err(RepoError::NotFound)
    );
}

fn a_submission_waits_unpublished_and_notifies_the_team(store: &TestStore) {
    let people = common::members(store, 4);
    let (admin, moderator, member, erased) = (people[0], people[1], people[2], people[3]);
    store.execute(&format!(
        "UPDATE users SET role = 'admin' WHERE id = '{admin}'"
    ));
    store.execute(&format!(
        "UPDATE users SET role = 'moderator' WHERE id IN ('{moderator}', '{erased}')"
    ));
    store.execute(&format!(
        "UPDATE users SET deleted_at = updated_at WHERE id = '{erased}'"
    ));
    let submitted = playspace_domain::story::StoryForm {
        title: "My first parkrun".into(),
        content: "I walked most of it and nobody minded at all, which was the point.".into(),
        excerpt: "Walking counts, and everyone cheered.".into(),
        category: "Member Story".into(),
        author_name: "Jo".into(),
    }
    .validate(Some(member), test_now())
    .unwrap();
    store.submit_story(&submitted).unwrap();
    assert_eq!(store.submit_story(&submitted), Err(RepoError::Conflict));
    for staff in [admin, moderator] {
        let list = store.notifications_of(staff).unwrap();
        assert_eq!(list.items.len(), 1, "{staff}");
        assert_eq!(list.items[0].title, "New story to review");
        assert_eq!(list.items[0].action_url.as_deref(), Some("/admin?tab=blog"));
    }
    for nobody in [member, erased] {
        assert!(store.notifications_of(nobody).unwrap().items.is_empty());
    }
    assert!(store.published_stories(None, 6).unwrap().items.is_empty());
}

fn demo_stories_are_written_only_into_an_empty_table(store: &TestStore) {
    publish(store, vec![story(1, 5)]);
    publish(store, vec![story(2, 5)]);
    let page = store.published_stories(None, 6).unwrap();
    assert_eq!(titles(&page.items), ["Story 1"]);
}
