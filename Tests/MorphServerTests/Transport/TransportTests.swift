import Foundation
import Testing

@testable import MorphServer

@Suite struct TransportTests {
    @Test func latestSlotKeepsOnlyTheNewestAndCountsReplacements() {
        var slot = LatestSlot<Int>()
        #expect(slot.take() == nil)
        #expect(slot.offer(1) == false)
        #expect(slot.offer(2) == true)
        #expect(slot.offer(3) == true)
        #expect(slot.dropped == 2)
        #expect(slot.take() == 3)
        #expect(slot.take() == nil)
        #expect(slot.offer(4) == false)
        #expect(slot.dropped == 2)
    }

    /// However many values arrive between takes, delivered + dropped == offered.
    @Test func latestSlotAccountsForEveryOffer() {
        var slot = LatestSlot<Int>()
        var delivered: [Int] = []
        for value in 1...1000 {
            slot.offer(value)
            if value % 7 == 0 || value % 11 == 0, let taken = slot.take() { delivered.append(taken) }
        }
        if let last = slot.take() { delivered.append(last) }
        #expect(delivered.count + slot.dropped == 1000)
        #expect(delivered == delivered.sorted())
        #expect(delivered.last == 1000)
    }

    @Test func mailboxDeliversEveryPostOnceInPerThreadOrder() async {
        let mailbox = Mailbox<[Int]>()
        let posters = 4
        let perPoster = 500
        await withTaskGroup(of: Void.self) { group in
            for poster in 0..<posters {
                group.addTask {
                    for index in 0..<perPoster { mailbox.post([poster, index]) }
                }
            }
            group.addTask {
                // A concurrent drainer must not lose or duplicate anything either.
                for _ in 0..<50 { _ = mailbox.count }
            }
        }
        let items = mailbox.drain()
        #expect(items.count == posters * perPoster)
        for poster in 0..<posters {
            #expect(items.filter { $0[0] == poster }.map { $0[1] } == Array(0..<perPoster))
        }
        #expect(mailbox.drain().isEmpty)
    }

    @Test func replyQueueIsFifoAndBounded() {
        var queue = ReplyQueue()
        for index in 0..<ReplyQueue.limit {
            let accepted = queue.push([UInt8(index % 256)])
            #expect(accepted)
        }
        let overflow = queue.push([0])
        #expect(overflow == false)
        let first = queue.pop()
        let second = queue.pop()
        #expect(first == [0] && second == [1])
        #expect(queue.count == ReplyQueue.limit - 2)
        let again = queue.push([9])
        #expect(again)
        while queue.pop() != nil {}
        #expect(queue.isEmpty)
    }
}
