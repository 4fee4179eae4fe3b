//! Deadlines every request must meet, so a slow client cannot hold a connection: its body
//! must have arrived within `Config::request_body_timeout` of its head (else 408
//! `request_timeout`, and the connection is closed), and its answer must be ready within
//! `Config::request_timeout` (else 503 `took_too_long`). The head itself is bounded by
//! actix's client request timeout before a request reaches this.
//!
//! Sending the answer is not timed: long-lived answers (the notification stream, the CSV
//! export) begin at once and go on by design, and the socket buffers take any other answer
//! whole; a client that stops reading a large one is the reverse proxy's to cut off
//! (docs/operations.md).
use std::cell::{Cell, RefCell};
use std::future::{Future, Ready, ready};
use std::pin::Pin;
use std::rc::Rc;
use std::task::{Context, Poll};
use std::time::Duration;

use actix_web::body::{BodySize, BoxBody, EitherBody, MessageBody};
use actix_web::dev::{Payload, Service, ServiceRequest, ServiceResponse, Transform};
use actix_web::error::PayloadError;
use actix_web::http::StatusCode;
use actix_web::http::header::{HeaderName, HeaderValue};
use actix_web::web::Bytes;
use actix_web::{Error, HttpMessage, HttpResponse, ResponseError};
use futures_util::Stream;
use tokio::time::{Instant, Sleep, sleep_until, timeout_at};

use crate::error::ApiError;
use crate::error_code::ErrorCode;
use crate::middleware::security_header_list;

type BoxedPayloadStream = Pin<Box<dyn Stream<Item = Result<Bytes, PayloadError>>>>;

/// The middleware: `App::wrap(Deadlines::new(…))`.
#[derive(Clone, Copy, Debug)]
pub struct Deadlines {
    body: Duration,
    whole: Duration,
    https: bool,
}

impl Deadlines {
    pub fn new(body: Duration, whole: Duration, https: bool) -> Self {
        Self { body, whole, https }
    }
}

pub fn request_timeout() -> ApiError {
    ApiError::new(
        ErrorCode::RequestTimeout,
        "The request took too long to arrive. Please try again.",
    )
}

/// 503 when an answer was not ready in time. Made by the dispatcher from the error (the
/// request is gone by then), so it adds the security headers itself.
#[derive(Debug)]
pub struct TookTooLong {
    https: bool,
}

impl std::fmt::Display for TookTooLong {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("the answer was not ready before the request deadline")
    }
}

impl ResponseError for TookTooLong {
    fn status_code(&self) -> StatusCode {
        StatusCode::SERVICE_UNAVAILABLE
    }

    fn error_response(&self) -> HttpResponse {
        let mut response = ApiError::new(
            ErrorCode::TookTooLong,
            "This took too long to answer. Please try again in a moment.",
        )
        .with_retry_after(5)
        .error_response();
        for (name, value) in security_header_list(self.https) {
            if let Ok(name) = HeaderName::try_from(name) {
                response
                    .headers_mut()
                    .insert(name, HeaderValue::from_static(value));
            }
        }
        response
    }
}

/// What the body's deadline saw, shared with the middleware.
#[derive(Default)]
struct BodyWatch {
    timed_out: Cell<bool>,
    /// The request's own payload once its deadline passed: kept until the 408 is sent, so
    /// the dispatcher sees a body still unread and closes the connection instead of reading
    /// the rest (which a client trickling a chunked body could make last for ever).
    held: RefCell<Option<Payload>>,
}

/// The request body, ending in an error when it has not all arrived by the deadline.
struct WatchedBody {
    inner: Option<Payload>,
    deadline: Pin<Box<Sleep>>,
    watch: Rc<BodyWatch>,
}

impl Stream for WatchedBody {
    type Item = Result<Bytes, PayloadError>;

    fn poll_next(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<Option<Self::Item>> {
        let this = &mut *self;
        let Some(inner) = this.inner.as_mut() else {
            return Poll::Ready(None);
        };
        match Pin::new(inner).poll_next(cx) {
            Poll::Ready(None) => {
                this.inner = None;
                return Poll::Ready(None);
            }
            Poll::Ready(Some(item)) => return Poll::Ready(Some(item)),
            Poll::Pending => {}
        }
        if this.deadline.as_mut().poll(cx).is_pending() {
            return Poll::Pending;
        }
        this.watch.timed_out.set(true);
        *this.watch.held.borrow_mut() = this.inner.take();
        Poll::Ready(Some(Err(PayloadError::Io(std::io::Error::new(
            std::io::ErrorKind::TimedOut,
            "the request body did not arrive in time",
        )))))
    }
}

/// The 408's body, holding the unread request body until it has been sent.
pub struct HeldOpen {
    body: BoxBody,
    _request_body: Option<Payload>,
}

impl MessageBody for HeldOpen {
    type Error = <BoxBody as MessageBody>::Error;

    fn size(&self) -> BodySize {
        self.body.size()
    }

    fn poll_next(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
    ) -> Poll<Option<Result<Bytes, Self::Error>>> {
        Pin::new(&mut self.body).poll_next(cx)
    }
}

impl<S, B> Transform<S, ServiceRequest> for Deadlines
where
    S: Service<ServiceRequest, Response = ServiceResponse<B>, Error = Error> + 'static,
    B: MessageBody + 'static,
{
    type Response = ServiceResponse<EitherBody<B, HeldOpen>>;
    type Error = Error;
    type Transform = DeadlinesService<S>;
    type InitError = ();
    type Future = Ready<Result<Self::Transform, Self::InitError>>;

    fn new_transform(&self, service: S) -> Self::Future {
        ready(Ok(DeadlinesService {
            service: Rc::new(service),
            deadlines: *self,
        }))
    }
}

pub struct DeadlinesService<S> {
    service: Rc<S>,
    deadlines: Deadlines,
}

impl<S, B> Service<ServiceRequest> for DeadlinesService<S>
where
    S: Service<ServiceRequest, Response = ServiceResponse<B>, Error = Error> + 'static,
    B: MessageBody + 'static,
{
    type Response = ServiceResponse<EitherBody<B, HeldOpen>>;
    type Error = Error;
    type Future = Pin<Box<dyn Future<Output = Result<Self::Response, Error>>>>;

    actix_web::dev::forward_ready!(service);

    fn call(&self, mut req: ServiceRequest) -> Self::Future {
        let Deadlines { body, whole, https } = self.deadlines;
        let started = Instant::now();
        let watch = Rc::new(BodyWatch::default());
        match req.take_payload() {
            Payload::None => {}
            payload => req.set_payload(Payload::from(Box::pin(WatchedBody {
                inner: Some(payload),
                deadline: Box::pin(sleep_until(started + body)),
                watch: Rc::clone(&watch),
            }) as BoxedPayloadStream)),
        }
        let path = req.path().to_owned();
        let call = self.service.call(req);
        Box::pin(async move {
            let Ok(answer) = timeout_at(started + whole, call).await else {
                tracing::warn!(path, "an answer was not ready before the request deadline");
                return Err(TookTooLong { https }.into());
            };
            let response = answer?;
            if !watch.timed_out.get() {
                return Ok(response.map_into_left_body());
            }
            // Whatever the handler made of the missing body, the answer is 408.
            let held = watch.held.borrow_mut().take();
            let mut timeout = request_timeout().error_response();
            timeout
                .head_mut()
                .set_connection_type(actix_web::http::ConnectionType::Close);
            let timeout = timeout.map_body(|_, body| HeldOpen {
                body,
                _request_body: held,
            });
            Ok(response.into_response(timeout).map_into_right_body())
        })
    }
}
