"""The rating chart's geometry: a point for the start and each match, labels kept apart."""

from scorekeeper.clubs.chart import HEIGHT, rating_chart


def test_a_point_for_the_start_at_zero_and_each_rated_match():
    chart = rating_chart([3.0, -2.0, 5.5])
    points = [tuple(map(float, point.split(","))) for point in chart["points"].split()]
    assert len(points) == 4
    assert points[0][1] == chart["zero_y"]
    assert min(y for _x, y in points) == chart["high_y"]
    assert all(0 <= y <= HEIGHT for _x, y in points)


def test_the_lowest_is_labelled_only_when_clear_of_zero():
    assert not rating_chart([3.0, 6.0])["shows_low"]
    assert rating_chart([-8.0, 2.0])["shows_low"]
