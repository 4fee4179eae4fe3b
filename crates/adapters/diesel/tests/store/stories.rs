//! Community stories against both backends: the published list's keyset pages, one
//! story, and submissions with the reviewers' standing notice of the queue.

use crate::common;

use std::sync::{Arc, Barrier};

use chrono::Duration;
use common::TestStore;
use playspace_domain::StoryId;
use playspace_domain::story::{NewStory, StoryForm, StoryReview};
use playspace_domain::story::{Story, StorySummary};
use playspace_domain::{AuditEntry, NewNotification, Notification, UserId};
use playspace_ports::{
    AdminStoryFilter, AdminStoryStore, AuditFilter, AuditLog, DemoData, DemoSeedStore,
    NotificationRepository, Outbox, RepoError, StoryRepository,
};
use playspace_store::Store;
use playspace_test_support::test_now;

on_both_backends!(
    pages_run_newest_first_without_gaps_or_repeats,
    only_published_stories_are_read,
    a_submission_waits_unpublished_and_notifies_the_team,
    demo_stories_are_written_only_into_an_empty_table,
    the_admin_list_holds_every_story_and_the_queue_only_waiting_ones,
    the_team_writes_edits_publishes_and_unpublishes_with_audit_entries,
    approving_publishes_and_declining_queues_the_email_once,
    concurrent_submissions_keep_one_standing_notice_per_reviewer_with_the_count,
    the_queue_takes_thirty_strangers_whatever_the_concurrency_and_members_always,
    reviews_bring_the_notice_up_to_date_and_the_last_one_removes_it,
    fifty_five_submissions_leave_a_reviewers_other_notifications_alone
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
        assert_eq!(list.items[0].title, "1 story waiting for review");
        assert_eq!(
            list.items[0].message,
            "\u{201C}My first parkrun\u{201D} was shared and is waiting for review."
        );
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

fn submission(n: i64, by: Option<UserId>, minutes_ago: i64) -> NewStory {
    StoryForm {
        title: format!("Submitted story {n}"),
        content: "x".repeat(60),
        excerpt: "A story someone shared with the team.".into(),
        category: "Wellness".into(),
        author_name: "Sam".into(),
    }
    .validate(by, test_now() - Duration::minutes(minutes_ago))
    .unwrap()
}

fn audit(by: UserId, action: &'static str, id: StoryId) -> AuditEntry {
    AuditEntry::new(by, action, "blog_post", Some(id.to_string()), test_now())
}

fn actions(store: &Store) -> Vec<(String, Option<String>)> {
    let mut rows = store.latest(&AuditFilter::default(), 50).unwrap();
    rows.reverse();
    rows.into_iter()
        .map(|r| (r.action, r.resource_id))
        .collect()
}

fn the_admin_list_holds_every_story_and_the_queue_only_waiting_ones(store: &TestStore) {
    let admin = common::members(store, 1)[0];
    publish(store, vec![story(1, 500)]);
    let waiting: Vec<NewStory> = (0..22).map(|n| submission(n, None, n)).collect();
    for s in &waiting {
        store.submit_story(s).unwrap();
    }
    let team = submission(99, None, 1000);
    store
        .create_story(&team, false, &audit(admin, "story.create", team.id))
        .unwrap();
    // A declined one leaves the queue but stays in the full list.
    store
        .decline_story(
            waiting[0].id,
            "Off topic",
            test_now(),
            &audit(admin, "story.decline", waiting[0].id),
            &[],
        )
        .unwrap();

    let mut queue = vec![];
    let mut after = None;
    loop {
        let page = store
            .admin_stories(AdminStoryFilter::Submitted, after, 20)
            .unwrap();
        queue.extend(page.items);
        match page.next {
            Some(next) => after = Some(next),
            None => break,
        }
    }
    // Newest written first, without the declined one.
    let expected: Vec<String> = (1..22).map(|n| format!("Submitted story {n}")).collect();
    let got: Vec<String> = queue.iter().map(|s| s.summary.title.clone()).collect();
    assert_eq!(got, expected);
    assert!(
        queue
            .iter()
            .all(|s| s.review == Some(StoryReview::Pending) && !s.is_published)
    );

    let first = store
        .admin_stories(AdminStoryFilter::All, None, 20)
        .unwrap();
    let rest = store
        .admin_stories(AdminStoryFilter::All, first.next, 20)
        .unwrap();
    assert_eq!(first.items.len() + rest.items.len(), 24);
    assert_eq!(rest.next, None);
    let last = rest.items.last().unwrap();
    assert_eq!(last.summary.title, "Submitted story 99");
    // A seeded story counts as written when it was published (500 minutes ago).
    assert_eq!(rest.items[rest.items.len() - 2].summary.title, "Story 1");
    assert_eq!((last.review, last.is_published), (None, false));
    let declined = store.admin_story(waiting[0].id).unwrap();
    assert_eq!(declined.review, Some(StoryReview::Declined));
    assert_eq!(declined.decline_reason.as_deref(), Some("Off topic"));
    assert_eq!(store.admin_story(StoryId::new()), Err(RepoError::NotFound));
}

fn the_team_writes_edits_publishes_and_unpublishes_with_audit_entries(store: &TestStore) {
    let admin = common::members(store, 1)[0];
    let post = submission(1, None, 0);
    store
        .create_story(&post, true, &audit(admin, "story.create", post.id))
        .unwrap();
    let kept = store.admin_story(post.id).unwrap();
    assert!(kept.is_published);
    assert_eq!(kept.review, None);
    assert_eq!(kept.author_contact, None);
    assert_eq!(
        store.published_story(post.id).unwrap().content,
        post.content
    );

    let later = test_now() + Duration::minutes(5);
    let fields = NewStory {
        title: "A better title".into(),
        ..submission(2, None, 0)
    };
    store
        .edit_story(
            post.id,
            &fields,
            later,
            &audit(admin, "story.update", post.id),
        )
        .unwrap();
    let edited = store.admin_story(post.id).unwrap();
    assert_eq!(edited.summary.title, "A better title");
    assert_eq!(edited.updated_at, later);
    assert_eq!(edited.created_at, test_now());
    assert_eq!(
        store.edit_story(
            StoryId::new(),
            &fields,
            later,
            &audit(admin, "story.update", post.id)
        ),
        Err(RepoError::NotFound)
    );

    store
        .set_published(
            post.id,
            false,
            later,
            &audit(admin, "story.unpublish", post.id),
        )
        .unwrap();
    assert_eq!(store.published_story(post.id), Err(RepoError::NotFound));
    let again = test_now() + Duration::minutes(9);
    store
        .set_published(
            post.id,
            true,
            again,
            &audit(admin, "story.publish", post.id),
        )
        .unwrap();
    assert_eq!(
        store.published_story(post.id).unwrap().summary.published_at,
        again
    );

    // A submission waiting for review is approved, never simply published.
    let waiting = submission(3, None, 0);
    store.submit_story(&waiting).unwrap();
    assert_eq!(
        store.set_published(
            waiting.id,
            true,
            later,
            &audit(admin, "story.publish", waiting.id)
        ),
        Err(RepoError::Conflict)
    );
    assert_eq!(
        store.set_published(
            StoryId::new(),
            true,
            later,
            &audit(admin, "story.publish", waiting.id)
        ),
        Err(RepoError::NotFound)
    );
    let id = Some(post.id.to_string());
    assert_eq!(
        actions(store),
        [
            ("story.create".to_owned(), id.clone()),
            ("story.update".to_owned(), id.clone()),
            ("story.unpublish".to_owned(), id.clone()),
            ("story.publish".to_owned(), id),
        ]
    );
}

fn approving_publishes_and_declining_queues_the_email_once(store: &TestStore) {
    let people = common::members(store, 3);
    let (admin, author, erased) = (people[0], people[1], people[2]);
    store.execute(&format!(
        "UPDATE users SET deleted_at = updated_at WHERE id = '{erased}'"
    ));
    let approved = submission(1, Some(author), 0);
    let declined = submission(2, Some(author), 0);
    let orphan = submission(3, Some(erased), 0);
    for s in [&approved, &declined, &orphan] {
        store.submit_story(s).unwrap();
    }
    let contact = store
        .admin_story(declined.id)
        .unwrap()
        .author_contact
        .unwrap();
    assert_eq!(contact.user_id, author);
    assert!(contact.email.starts_with("racer1-"));
    assert_eq!(contact.name, "Racer");
    // An erased account leaves nobody to write to.
    assert_eq!(store.admin_story(orphan.id).unwrap().author_contact, None);

    let at = test_now() + Duration::hours(1);
    store
        .approve_story(approved.id, at, &audit(admin, "story.approve", approved.id))
        .unwrap();
    let story = store.published_story(approved.id).unwrap();
    assert_eq!(story.summary.published_at, at);
    assert_eq!(
        store.admin_story(approved.id).unwrap().review,
        Some(StoryReview::Approved)
    );
    assert_eq!(
        store.approve_story(approved.id, at, &audit(admin, "story.approve", approved.id)),
        Err(RepoError::Conflict)
    );
    assert_eq!(
        store.approve_story(
            StoryId::new(),
            at,
            &audit(admin, "story.approve", approved.id)
        ),
        Err(RepoError::NotFound)
    );
    // An approved story is the team's to unpublish and publish again.
    store
        .set_published(
            approved.id,
            false,
            at,
            &audit(admin, "story.unpublish", approved.id),
        )
        .unwrap();

    let email = playspace_test_support::outgoing_email(&contact.email);
    store
        .decline_story(
            declined.id,
            "Please leave out other people's names.",
            at,
            &audit(admin, "story.decline", declined.id),
            std::slice::from_ref(&email),
        )
        .unwrap();
    assert_eq!(
        store.decline_story(
            declined.id,
            "Again",
            at,
            &audit(admin, "story.decline", declined.id),
            std::slice::from_ref(&email),
        ),
        Err(RepoError::Conflict)
    );
    let queued = store
        .claim_due(at + Duration::minutes(1), Duration::minutes(5), 10)
        .unwrap();
    assert_eq!(queued.len(), 1);
    assert_eq!(queued[0].to_email, contact.email);
    assert_eq!(store.published_story(declined.id), Err(RepoError::NotFound));
    assert_eq!(
        store.set_published(
            declined.id,
            true,
            at,
            &audit(admin, "story.publish", declined.id)
        ),
        Err(RepoError::Conflict)
    );
    let recorded: Vec<String> = actions(store).into_iter().map(|(a, _)| a).collect();
    assert_eq!(
        recorded,
        ["story.approve", "story.unpublish", "story.decline"]
    );
}

/// An admin and a moderator; each already has a notification of their own.
fn reviewers(store: &TestStore) -> [UserId; 2] {
    let people = common::members(store, 2);
    store.execute(&format!(
        "UPDATE users SET role = 'admin' WHERE id = '{}'",
        people[0]
    ));
    store.execute(&format!(
        "UPDATE users SET role = 'moderator' WHERE id = '{}'",
        people[1]
    ));
    for id in &people {
        store
            .add(
                &NewNotification::welcome(*id),
                test_now() - Duration::days(1),
            )
            .unwrap();
    }
    [people[0], people[1]]
}

/// The reviewer's notices of the queue (there should be one at most), and how many other
/// notifications they have.
fn notices(store: &Store, staff: UserId) -> (Vec<Notification>, usize) {
    let list = store.notifications_of(staff).unwrap();
    let (notices, others): (Vec<_>, Vec<_>) = list
        .items
        .into_iter()
        .partition(|n| n.action_url.as_deref() == Some("/admin?tab=blog"));
    (notices, others.len())
}

fn concurrent_submissions_keep_one_standing_notice_per_reviewer_with_the_count(store: &TestStore) {
    let staff = reviewers(store);
    let member = common::members(store, 1)[0];
    let barrier = Arc::new(Barrier::new(16));
    let threads: Vec<_> = (0..16)
        .map(|n| {
            let store: Store = (*store).clone();
            let barrier = barrier.clone();
            // Strangers and a member, at once.
            let by = (n % 4 == 0).then_some(member);
            std::thread::spawn(move || {
                barrier.wait();
                store.submit_story(&submission(n, by, 0))
            })
        })
        .collect();
    for t in threads {
        t.join().unwrap().unwrap();
    }
    for id in staff {
        let (found, others) = notices(store, id);
        assert_eq!(found.len(), 1, "one notice each: {found:?}");
        assert_eq!(found[0].title, "16 stories waiting for review");
        assert!(!found[0].read);
        assert_eq!(others, 1, "the welcome is kept");
        // Newest: at the top of the list.
        assert_eq!(store.notifications_of(id).unwrap().items[0].id, found[0].id);
    }
    // Nobody else is told.
    assert!(store.notifications_of(member).unwrap().items.is_empty());
}

fn the_queue_takes_thirty_strangers_whatever_the_concurrency_and_members_always(store: &TestStore) {
    let [admin, _] = reviewers(store);
    let member = common::members(store, 1)[0];
    let barrier = Arc::new(Barrier::new(40));
    let threads: Vec<_> = (0..40)
        .map(|n| {
            let store: Store = (*store).clone();
            let barrier = barrier.clone();
            std::thread::spawn(move || {
                barrier.wait();
                store.submit_story(&submission(n, None, 0))
            })
        })
        .collect();
    let results: Vec<_> = threads.into_iter().map(|t| t.join().unwrap()).collect();
    assert_eq!(results.iter().filter(|r| r.is_ok()).count(), 30);
    assert!(
        results
            .iter()
            .all(|r| matches!(r, Ok(()) | Err(RepoError::Conflict))),
        "{results:?}"
    );
    assert_eq!(
        store.submit_story(&submission(99, None, 0)),
        Err(RepoError::Conflict),
        "full"
    );
    // A member who is signed in is still heard, and counted.
    store
        .submit_story(&submission(100, Some(member), 0))
        .unwrap();
    let queue = store
        .admin_stories(AdminStoryFilter::Submitted, None, 100)
        .unwrap();
    assert_eq!(queue.items.len(), 31);
    assert_eq!(
        notices(store, admin).0[0].title,
        "31 stories waiting for review"
    );
    // Once a stranger's is reviewed, a stranger may send one again.
    let first = queue
        .items
        .iter()
        .find(|s| s.author_contact.is_none())
        .unwrap()
        .summary
        .id;
    store
        .approve_story(first, test_now(), &audit(admin, "story.approve", first))
        .unwrap();
    store.submit_story(&submission(101, None, 0)).unwrap();
}

fn reviews_bring_the_notice_up_to_date_and_the_last_one_removes_it(store: &TestStore) {
    let [admin, moderator] = reviewers(store);
    let (first, second, third) = (
        submission(1, None, 30),
        submission(2, None, 20),
        submission(3, None, 10),
    );
    for s in [&first, &second, &third] {
        store.submit_story(s).unwrap();
    }
    let (before, _) = notices(store, admin);
    assert_eq!(before[0].title, "3 stories waiting for review");
    assert_eq!(
        before[0].message,
        "The newest is \u{201C}Submitted story 3\u{201D}."
    );
    store.mark_read(admin, before[0].id).unwrap();

    // A review is not news: the count and newest change, when and whether read do not.
    let at = test_now() + Duration::hours(1);
    store
        .approve_story(third.id, at, &audit(moderator, "story.approve", third.id))
        .unwrap();
    let (after, others) = notices(store, admin);
    assert_eq!(after.len(), 1);
    assert_eq!(after[0].id, before[0].id, "written over, not added");
    assert_eq!(after[0].title, "2 stories waiting for review");
    assert_eq!(
        after[0].message,
        "The newest is \u{201C}Submitted story 2\u{201D}."
    );
    assert_eq!(
        (after[0].read, after[0].created_at),
        (true, before[0].created_at)
    );
    assert_eq!(others, 1);
    assert!(
        !notices(store, moderator).0[0].read,
        "each reviewer's own state"
    );

    // Someone who leaves the team loses their notice at the next change.
    store.execute(&format!(
        "UPDATE users SET role = 'user' WHERE id = '{moderator}'"
    ));
    store
        .decline_story(
            second.id,
            "Not a story about sport.",
            at,
            &audit(admin, "story.decline", second.id),
            &[],
        )
        .unwrap();
    let (after, _) = notices(store, admin);
    assert_eq!(after[0].title, "1 story waiting for review");
    assert_eq!(
        after[0].message,
        "\u{201C}Submitted story 1\u{201D} was shared and is waiting for review."
    );
    assert!(notices(store, moderator).0.is_empty());

    // A new story is news again: back on top, unread, the same notice.
    let fourth = submission(4, None, 0);
    store.submit_story(&fourth).unwrap();
    let (after, _) = notices(store, admin);
    assert_eq!(after[0].id, before[0].id);
    assert_eq!(after[0].title, "2 stories waiting for review");
    assert!(!after[0].read && after[0].created_at > before[0].created_at);

    // The last review removes it; other notifications stay.
    for s in [&first, &fourth] {
        store
            .approve_story(s.id, at, &audit(admin, "story.approve", s.id))
            .unwrap();
    }
    let (after, others) = notices(store, admin);
    assert!(after.is_empty(), "{after:?}");
    assert_eq!(others, 1);
}

fn fifty_five_submissions_leave_a_reviewers_other_notifications_alone(store: &TestStore) {
    let [admin, _] = reviewers(store);
    for n in 0..48 {
        store
            .add(
                &NewNotification {
                    title: format!("Booking {n}"),
                    ..NewNotification::welcome(admin)
                },
                test_now() - Duration::hours(2),
            )
            .unwrap();
    }
    // Members' stories: strangers' would stop at 30.
    let member = common::members(store, 1)[0];
    for n in 0..55 {
        store.submit_story(&submission(n, Some(member), 0)).unwrap();
    }
    let (found, others) = notices(store, admin);
    assert_eq!(found.len(), 1);
    assert_eq!(found[0].title, "55 stories waiting for review");
    assert_eq!(others, 49, "the welcome and 48 others are all kept");
}
